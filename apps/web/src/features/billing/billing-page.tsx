import { useQuery } from '@tanstack/react-query';
import { Check, Lock } from 'lucide-react';
import {
  BILLING_MESSAGES,
  CAPABILITIES,
  CAPABILITY_LABELS,
  PLANS,
  SUBSCRIPTION_STATUS_LABELS,
  type BillingOverview,
} from '@referwell/shared';
import { BackToDashboard } from '@/components/back-to-dashboard';
import { LoadError } from '@/components/load-error';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/session';
import { usePageTitle } from '@/lib/use-page-title';
import { billingOverviewQueryOptions } from './api';

/** /company-dashboard/billing: the company's plan, what it includes, invoices and changes (company admins). */
export function BillingPage() {
  usePageTitle('Plan and billing');
  const { company } = useSession();
  const isAdmin = company?.role === 'companyAdmin';
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <BackToDashboard />
      <header className="mb-6">
        <h1 className="text-3xl font-semibold tracking-tight">Plan and billing</h1>
        <p className="mt-2 text-muted-foreground">Your company's plan, what it includes, and its invoices.</p>
      </header>
      {company && isAdmin ? (
        <BillingBody companyId={company.id} />
      ) : (
        <Alert role="status">
          <AlertTitle>Billing is for admins</AlertTitle>
          <AlertDescription>Only company administrators can see and change the company's plan.</AlertDescription>
        </Alert>
      )}
    </div>
  );
}

function BillingBody({ companyId }: { companyId: string }) {
  const { data, isPending, isError, error, refetch } = useQuery(billingOverviewQueryOptions(companyId));
  if (isPending) return <Skeleton className="h-48 w-full" aria-busy />;
  if (isError)
    return <LoadError title="Could not load your plan" message={error.message} onRetry={() => void refetch()} />;
  return (
    <div className="grid gap-6">
      {data.state.billing === 'self_hosted' ? (
        <Alert role="status">
          <AlertTitle>Every feature is on</AlertTitle>
          <AlertDescription>{BILLING_MESSAGES.selfHosted}</AlertDescription>
        </Alert>
      ) : (
        <CurrentPlan overview={data} />
      )}
      <CapabilitiesCard overview={data} />
    </div>
  );
}

function CurrentPlan({ overview }: { overview: BillingOverview }) {
  const state = overview.state;
  if (state.billing !== 'stripe') return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Current plan</CardTitle>
        <CardDescription>
          {state.plan ? PLANS[state.plan].name : 'No plan yet'} · {SUBSCRIPTION_STATUS_LABELS[state.status]}
        </CardDescription>
      </CardHeader>
    </Card>
  );
}

function CapabilitiesCard({ overview }: { overview: BillingOverview }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Enterprise features</CardTitle>
        <CardDescription>What your company can use now.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2" aria-label="Enterprise features">
          {CAPABILITIES.map((capability) => {
            const on = overview.capabilities.includes(capability);
            return (
              <li key={capability} className="flex items-center gap-2">
                {on ? (
                  <Check className="size-4 text-primary" aria-hidden />
                ) : (
                  <Lock className="size-4 text-muted-foreground" aria-hidden />
                )}
                <span>{CAPABILITY_LABELS[capability]}</span>
                <span className="text-sm text-muted-foreground">{on ? 'Included' : 'Not in your plan'}</span>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
