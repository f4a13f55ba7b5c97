import { Link } from 'react-router';
import { BRAND } from '@referwell/shared/constants';

/** The brand mark, linking to `to`: the home page for visitors, the dashboard for signed-in people. */
export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link
      to={to}
      className="flex items-center gap-2 rounded-md font-semibold tracking-tight"
      aria-label={to === '/' ? `${BRAND.name} home` : `${BRAND.name} dashboard`}
    >
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span className="text-lg">{BRAND.name}</span>
    </Link>
  );
}
