import { Link } from 'react-router';
import { BRAND } from '@referwell/shared/constants';

export function Logo() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-md font-semibold tracking-tight"
      aria-label={`${BRAND.name} home`}
    >
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span className="text-lg">{BRAND.name}</span>
    </Link>
  );
}
