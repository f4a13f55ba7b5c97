import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** A quiet 'Back to …' link at the top of a page. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Button asChild variant="ghost" className="-ml-3">
      <Link to={to}>
        <ArrowLeft aria-hidden />
        {children}
      </Link>
    </Button>
  );
}
