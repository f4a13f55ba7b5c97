import { Link } from 'react-router';
import { BILLING_MESSAGES } from '@referwell/shared';
import { Button } from '@/components/ui/button';
import { useCompanyPlanState } from '@/lib/plan';
import { useSession } from '@/lib/session';

/** Warns a company's admins on every page while the plan's last payment has failed (features are read-only). */
export function PastDueBanner() {
  const { company } = useSession();
  const state = useCompanyPlanState();
  if (company?.role !== 'companyAdmin' || state?.billing !== 'stripe' || state.status !== 'past_due') return null;
  return (
    <div role="region" aria-label="Payment failed" className="border-b bg-red-50 text-red-900">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm sm:px-6">
        <p>
          <strong>{BILLING_MESSAGES.pastDueBanner}</strong> {BILLING_MESSAGES.pastDueBody}
        </p>
        <Button asChild size="sm" variant="outline">
          <Link to="/company-dashboard/billing">Update card</Link>
        </Button>
      </div>
    </div>
  );
}
