import { Bell, Menu, MessageSquare, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';
import type { SessionCompany, SessionUser } from '@referwell/shared';
import { Button } from '@/components/ui/button';
import { DisclosureMenu, disclosureItemClass } from '@/components/ui/disclosure-menu';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import { Logo } from './logo';
import { dashboardPathFor } from '@referwell/shared/rules/auth';
import { isMenu, loggedInNavigation, loggedOutNavigation, type NavEntry } from './navigation';
import { linkClass, MobileLink } from './nav-link';

const activityLinks = [
  { label: 'Messages', to: '/messages', icon: MessageSquare },
  { label: 'Notifications', to: '/notifications', icon: Bell },
];

interface Account {
  user: SessionUser;
  company: SessionCompany | null;
}

const UserMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.UserMenu })));
const MobileAccount = lazy(() => import('./account-menu').then((m) => ({ default: m.MobileAccount })));

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
        <Suspense fallback={null}>
          <MobileAccount user={account.user} company={account.company} />
        </Suspense>
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
  const { user, company, prelaunch } = useSession();

  // Pre-launch the header always shows its logged-out form (SPEC §1).
  const account: Account | null = user && !prelaunch ? { user, company } : null;
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
              {/* The account menu (and logging out) loads once someone is signed in: no visitor's page carries it. */}
              <Suspense fallback={<span aria-hidden className="block size-9 rounded-full bg-muted" />}>
                <UserMenu user={account.user} company={account.company} />
              </Suspense>
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
