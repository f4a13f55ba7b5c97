import { NavLink as RouterNavLink } from 'react-router';
import { cn } from '@/lib/utils';
import type { NavLink } from './navigation';

/** A header link's classes; the current page's link is highlighted. */
export const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground',
    isActive ? 'text-primary' : 'text-muted-foreground',
  );

/** One link of the mobile menu. */
export function MobileLink({ link }: { link: NavLink }) {
  return (
    <li className="pt-1">
      <RouterNavLink to={link.to} className={(s) => cn(linkClass(s), 'block text-base')}>
        {link.label}
      </RouterNavLink>
    </li>
  );
}
