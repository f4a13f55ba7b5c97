import { ChevronDown, Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';
import { Logo } from './logo';
import { isMenu, loggedOutNavigation, type NavEntry } from './navigation';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground',
    isActive ? 'text-primary' : 'text-muted-foreground',
  );

function DesktopEntry({ entry }: { entry: NavEntry }) {
  if (!isMenu(entry)) {
    return (
      <RouterNavLink to={entry.to} className={linkClass}>
        {entry.label}
      </RouterNavLink>
    );
  }
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground data-[state=open]:text-foreground">
        {entry.label}
        <ChevronDown className="size-4" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-72">
        {entry.items.map((item) => (
          <DropdownMenuItem key={item.to} asChild>
            <Link to={item.to} className="flex flex-col items-start gap-0.5">
              <span className="font-medium">{item.label}</span>
              {item.description ? <span className="text-xs text-muted-foreground">{item.description}</span> : null}
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function MobileMenu({ entries }: { entries: NavEntry[] }) {
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
            <li key={entry.to} className="pt-3">
              <RouterNavLink to={entry.to} className={(s) => cn(linkClass(s), 'block text-base')}>
                {entry.label}
              </RouterNavLink>
            </li>
          ),
        )}
      </ul>
      <div className="mt-6 grid gap-2">
        <Button asChild variant="outline">
          <Link to="/login">Login</Link>
        </Button>
        <Button asChild>
          <Link to="/waitlist">Join Waitlist</Link>
        </Button>
      </div>
    </nav>
  );
}

export function Header() {
  // The menu belongs to the page it was opened on, so navigating closes it.
  const { pathname } = useLocation();
  const [openOnPath, setOpenOnPath] = useState<string | null>(null);
  const mobileOpen = openOnPath === pathname;

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {loggedOutNavigation.map((entry) => (
            <DesktopEntry key={entry.label} entry={entry} />
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <Button asChild variant="ghost">
            <Link to="/login">Login</Link>
          </Button>
          <Button asChild>
            <Link to="/waitlist">Join Waitlist</Link>
          </Button>
        </div>
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
      {mobileOpen ? <MobileMenu entries={loggedOutNavigation} /> : null}
    </header>
  );
}
