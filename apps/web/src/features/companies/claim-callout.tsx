import { BadgeCheck } from 'lucide-react';
import { Link } from 'react-router';
import { COMPANY_CLAIM_MESSAGES as T } from '@referwell/shared';
import { Button } from '@/components/ui/button';

/**
 * "Work here? Claim this company" under a company listed from its job board (its page, its jobs' pages). The claim
 * page asks a visitor to sign in first and comes back (the house returnTo, RequireAuth).
 */
export function ClaimCompanyCallout({ companySlug }: { companySlug: string }) {
  return (
    <aside className="flex flex-col gap-3 rounded-lg border border-dashed p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted-foreground">{T.ctaHint}</p>
      <Button asChild variant="outline" className="shrink-0">
        <Link to={`/company/${encodeURIComponent(companySlug)}/claim`}>
          <BadgeCheck aria-hidden />
          {T.cta}
        </Link>
      </Button>
    </aside>
  );
}
