import { Bell, LogOut, Menu, MessageSquare, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink as RouterNavLink, useLocation, useNavigate } from 'react-router';
import type { SessionCompany, SessionUser } from '@referwell/shared';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { DisclosureMenu, disclosureItemClass } from '@/components/ui/disclosure-menu';
import { useLogout } from '@/features/auth/api';
import { useSession } from '@/lib/session';
import { initials } from '@/lib/names';
import { cn } from '@/lib/utils';
import { Logo } from './logo';
import { dashboardPathFor } from '@referwell/shared/rules/auth';
import {
  accountNavigation,
  isMenu,
  loggedInNavigation,
  loggedOutNavigation,
  type NavEntry,
  type NavLink,
} from './navigation';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground',
    isActive ? 'text-primary' : 'text-muted-foreground',
  );

const activityLinks = [
  { label: 'Messages', to: '/messages', icon: MessageSquare },
  { label: 'Notifications', to: '/notifications', icon: Bell },
];

const HeaderActivity = lazy(() =>
  import('@/features/notifications/header-activity').then((m) => ({ default: m.HeaderActivity })),
);

function ActivityLinks() {
  return activityLinks.map(({ label, to, icon: Icon }) => (
    <Button key={to} asChild variant="ghost" size="icon">
      <RouterNavLink to={to} aria-label={label} title={label}>
        <Icon className="size-5" aria-hidden />
      </RouterNavLink>
    </Button>
  ));
}

function DesktopEntry({ entry }: { entry: NavEntry }) {
  if (!isMenu(entry)) {
    return (
      <li>
        <RouterNavLink to={entry.to} className={linkClass}>
          {entry.label}
        </RouterNavLink>
      </li>
    );
  }
  return (
    <li>
      <DisclosureMenu trigger={entry.label} panelClassName="w-72">
        <ul>
          {entry.items.map((item) => (
            <li key={item.to}>
              <Link to={item.to} className={disclosureItemClass}>
                <span className="font-medium">{item.label}</span>
                {item.description ? <span className="text-xs text-muted-foreground">{item.description}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      </DisclosureMenu>
    </li>
  );
}

function UserAvatar({ user, className }: { user: SessionUser; className?: string }) {
  return (
    <Avatar className={cn('size-9', className)}>
      {user.avatarUrl ? <AvatarImage src={user.avatarUrl} alt="" /> : null}
      <AvatarFallback className="bg-accent text-accent-foreground">{initials(user.name)}</AvatarFallback>
    </Avatar>
  );
}

function UserMenu({
  user,
  company,
  onLogout,
}: {
  user: SessionUser;
  company: SessionCompany | null;
  onLogout: () => void;
}) {
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

interface Account {
  user: SessionUser;
  company: SessionCompany | null;
  onLogout: () => void;
}

/** Login and Join Waitlist, in the header bar (desktop) or at the foot of the mobile menu. */
function LoggedOutActions({ className, loginVariant }: { className: string; loginVariant: 'ghost' | 'outline' }) {
  return (
    <div className={className}>
      <Button asChild variant={loginVariant}>
        <Link to="/login">Login</Link>
      </Button>
      <Button asChild>
        <Link to="/waitlist">Join Waitlist</Link>
      </Button>
    </div>
  );
}

function MobileLink({ link }: { link: NavLink }) {
  return (
    <li className="pt-1">
      <RouterNavLink to={link.to} className={(s) => cn(linkClass(s), 'block text-base')}>
        {link.label}
      </RouterNavLink>
    </li>
  );
}

function MobileMenu({ entries, account }: { entries: NavEntry[]; account: Account | null }) {
  return (
    <nav id="mobile-menu" aria-label="Main" className="border-t bg-background px-4 pb-6 pt-2 md:hidden">
      <ul className="flex flex-col gap-1">
        {entries.map((entry) =>
          isMenu(entry) ? (
            <li key={entry.label} className="pt-3">
              <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                {entry.label}
              </p>
              <ul>
                {entry.items.map((item) => (
                  <li key={item.to}>
                    <RouterNavLink to={item.to} className={(s) => cn(linkClass(s), 'block text-base')}>
                      {item.label}
                    </RouterNavLink>
                  </li>
                ))}
              </ul>
            </li>
          ) : (
            <MobileLink key={entry.to} link={entry} />
          ),
        )}
        {account ? activityLinks.map((link) => <MobileLink key={link.to} link={link} />) : null}
      </ul>
      {account ? (
        <div className="mt-4 border-t pt-4">
          <div className="flex items-center gap-3 px-3 pb-2">
            <UserAvatar user={account.user} />
            <div className="min-w-0">
              <p className="truncate font-medium">{account.user.name}</p>
              <p className="truncate text-sm text-muted-foreground">{account.user.email}</p>
            </div>
          </div>
          <ul className="flex flex-col gap-1">
            {accountNavigation(account.user, account.company).map((link) => (
              <MobileLink key={link.to} link={link} />
            ))}
          </ul>
          <Button variant="outline" className="mt-4 w-full" onClick={account.onLogout}>
            <LogOut aria-hidden />
            Log out
          </Button>
        </div>
      ) : (
        <LoggedOutActions className="mt-6 grid gap-2" loginVariant="outline" />
      )}
    </nav>
  );
}

export function Header() {
  // The menu belongs to the page it was opened on, so navigating closes it.
  const { pathname } = useLocation();
  const [openOnPath, setOpenOnPath] = useState<string | null>(null);
  const mobileOpen = openOnPath === pathname;
  const navigate = useNavigate();
  const { user, company, prelaunch } = useSession();
  const logout = useLogout({ leave: () => navigate('/') });

  // Pre-launch the header always shows its logged-out form (SPEC §1).
  const account: Account | null =
    user && !prelaunch
      ? {
          user,
          company,
          onLogout: () =>
            logout.mutate(undefined, {
              // sonner stays out of the first-load bundle; it is only needed if logging out fails.
              onError: (error) =>
                void import('@/lib/toast').then(({ scopedToast }) =>
                  scopedToast('logout').error('Could not log out', { description: error.message }),
                ),
            }),
        }
      : null;
  const entries: NavEntry[] = account ? loggedInNavigation(account.user, account.company) : loggedOutNavigation;

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        {/* Signed in, the logo leads to the person's dashboard, like the Dashboard link (not the marketing home). */}
        <Logo to={account ? dashboardPathFor(account.user.type) : '/'} />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {entries.map((entry) => (
              <DesktopEntry key={entry.label} entry={entry} />
            ))}
          </ul>
        </nav>
        {account ? (
          <div className="ml-auto flex items-center gap-1 md:ml-0">
            {/* Unread badges, the notifications bell and the realtime socket load after the page; on every
                screen size, so phones get live messages too. */}
            <Suspense fallback={<ActivityLinks />}>
              <HeaderActivity />
            </Suspense>
            <div className="ml-2 hidden md:block">
              <UserMenu user={account.user} company={account.company} onLogout={account.onLogout} />
            </div>
          </div>
        ) : (
          <LoggedOutActions className="hidden items-center gap-2 md:flex" loginVariant="ghost" />
        )}
        <Button
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-expanded={mobileOpen}
          aria-controls="mobile-menu"
          aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setOpenOnPath(mobileOpen ? null : pathname)}
        >
          {mobileOpen ? <X className="size-5" aria-hidden /> : <Menu className="size-5" aria-hidden />}
        </Button>
      </div>
      {mobileOpen ? <MobileMenu entries={entries} account={account} /> : null}
    </header>
  );
}
