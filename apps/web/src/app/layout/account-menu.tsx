import { LogOut } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import type { SessionCompany, SessionUser } from '@referwell/shared';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { DisclosureMenu, disclosureItemClass } from '@/components/ui/disclosure-menu';
import { useLogout } from '@/features/auth/api';
import { initials } from '@/lib/names';
import { cn } from '@/lib/utils';
import { accountNavigation } from './navigation';
import { MobileLink } from './nav-link';

/*
 * The signed-in person's part of the header: their avatar, account links and Log out. Loaded by the header only once
 * someone is signed in, so a visitor's first load does not carry it (bench/bundle-budget.ts).
 */

interface AccountProps {
  user: SessionUser;
  company: SessionCompany | null;
}

/** Logs out, goes home first (so no signed-in page asks for data on the way out), and says so if it fails. */
function useLogOutAndLeave() {
  const navigate = useNavigate();
  const logout = useLogout({ leave: () => navigate('/') });
  return () =>
    logout.mutate(undefined, {
      // sonner stays out of the first-load bundle; it is only needed if logging out fails.
      onError: (error) =>
        void import('@/lib/toast').then(({ scopedToast }) =>
          scopedToast('logout').error('Could not log out', { description: error.message }),
        ),
    });
}

function UserAvatar({ user, className }: { user: SessionUser; className?: string }) {
  return (
    <Avatar className={cn('size-9', className)}>
      {user.avatarUrl ? <AvatarImage src={user.avatarUrl} alt="" /> : null}
      <AvatarFallback className="bg-accent text-accent-foreground">{initials(user.name)}</AvatarFallback>
    </Avatar>
  );
}

/** The desktop account menu, behind the avatar. */
export function UserMenu({ user, company }: AccountProps) {
  const onLogout = useLogOutAndLeave();
  return (
    <nav aria-label="Account">
      <DisclosureMenu
        trigger={<UserAvatar user={user} />}
        triggerLabel="Account menu"
        showChevron={false}
        align="end"
        triggerClassName="rounded-full p-0"
        panelClassName="w-64"
      >
        <div className="px-3 py-2">
          <p className="truncate text-sm font-medium">{user.name}</p>
          <p className="truncate text-xs text-muted-foreground">{user.email}</p>
          {company ? <p className="truncate text-xs text-muted-foreground">{company.name}</p> : null}
        </div>
        <div className="my-1 h-px bg-border" />
        <ul>
          {accountNavigation(user, company).map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={disclosureItemClass}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="my-1 h-px bg-border" />
        <button type="button" onClick={onLogout} className={cn(disclosureItemClass, 'flex-row items-center gap-2')}>
          <LogOut className="size-4" aria-hidden />
          Log out
        </button>
      </DisclosureMenu>
    </nav>
  );
}

/** The foot of the mobile menu for someone signed in. */
export function MobileAccount({ user, company }: AccountProps) {
  const onLogout = useLogOutAndLeave();
  return (
    <div className="mt-4 border-t pt-4">
      <div className="flex items-center gap-3 px-3 pb-2">
        <UserAvatar user={user} />
        <div className="min-w-0">
          <p className="truncate font-medium">{user.name}</p>
          <p className="truncate text-sm text-muted-foreground">{user.email}</p>
        </div>
      </div>
      <ul className="flex flex-col gap-1">
        {accountNavigation(user, company).map((link) => (
          <MobileLink key={link.to} link={link} />
        ))}
      </ul>
      <Button variant="outline" className="mt-4 w-full" onClick={onLogout}>
        <LogOut aria-hidden />
        Log out
      </Button>
    </div>
  );
}
