import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, CreditCard, ExternalLink, Lock } from 'lucide-react';
import { useSearchParams } from 'react-router';
import {
  BILLING_MESSAGES,
  CAPABILITIES,
  CAPABILITY_LABELS,
  PLAN_ORDER,
  PLANS,
  SUBSCRIPTION_STATUS_LABELS,
  type BillingOverview,
  type PlanId,
} from '@referwell/shared';
import { BackToDashboard } from '@/components/back-to-dashboard';
import { LoadError } from '@/components/load-error';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { formatDate, formatMoney } from '@/lib/format';
import { companyPlanQueryOptions } from '@/lib/plan';
import { useSession } from '@/lib/session';
import { scopedToast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { billingOverviewQueryOptions, invoicesQueryOptions, useChangeSubscription, useProviderRedirect } from './api';

const toast = scopedToast('billing');
const priceOf = (plan: PlanId) => `${formatMoney(PLANS[plan].priceUsd, 'USD')} per ${PLANS[plan].interval}`;
/** A plan's price over a year: a higher one is an upgrade (charged now), a lower one a downgrade (credited). */
const yearly = (plan: PlanId) => PLANS[plan].priceUsd * (PLANS[plan].interval === 'month' ? 12 : 1);

/** /company-dashboard/billing: the company's plan, what it includes, invoices and changes (company admins). */
export function BillingPage() {
  usePageTitle('Plan and billing');
  const { company, isCompanyAdmin: isAdmin } = useSession();
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
  const [params] = useSearchParams();
  const checkout = params.get('checkout');
  const client = useQueryClient();
  const { data, isPending, isError, error, refetch } = useQuery(
    billingOverviewQueryOptions(companyId, checkout === 'success'),
  );
  const status = data?.subscription?.status ?? 'none';
  // Once the provider has told us, every capability check reads the new plan.
  useEffect(() => {
    if (status !== 'none') void client.invalidateQueries({ queryKey: companyPlanQueryOptions(companyId).queryKey });
  }, [client, companyId, status]);

  if (isPending) return <Skeleton className="h-48 w-full" aria-busy />;
  if (isError)
    return <LoadError title="Could not load your plan" message={error.message} onRetry={() => void refetch()} />;
  if (data.state.billing === 'self_hosted')
    return (
      <div className="grid gap-6">
        <Alert role="status">
          <AlertTitle>Every feature is on</AlertTitle>
          <AlertDescription>{BILLING_MESSAGES.selfHosted}</AlertDescription>
        </Alert>
        <CapabilitiesCard overview={data} />
      </div>
    );
  return (
    <div className="grid gap-6">
      {checkout === 'success' ? (
        <Alert role="status">
          <AlertTitle>
            {status === 'none' ? 'Confirming your subscription…' : 'Your subscription is confirmed'}
          </AlertTitle>
          <AlertDescription>
            {status === 'none'
              ? 'Stripe has your payment details; your plan appears here as soon as Stripe confirms it.'
              : 'Thank you. Your plan and what it includes are below.'}
          </AlertDescription>
        </Alert>
      ) : checkout === 'canceled' ? (
        <Alert role="status">
          <AlertTitle>Checkout canceled</AlertTitle>
          <AlertDescription>Nothing was charged. Choose a plan whenever you are ready.</AlertDescription>
        </Alert>
      ) : null}
      <CurrentPlanCard companyId={companyId} overview={data} />
      <PlansCard companyId={companyId} overview={data} />
      <CapabilitiesCard overview={data} />
      {data.subscription?.hasBillingAccount ? <InvoicesCard companyId={companyId} /> : null}
    </div>
  );
}

const STATUS_BADGE = {
  none: 'outline',
  trialing: 'published',
  active: 'completed',
  past_due: 'rejected',
  canceled: 'draft',
} as const;

/** When the plan renews or ends, in words. */
function renewalText(subscription: NonNullable<BillingOverview['subscription']>): string | null {
  const end = subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : null;
  if (subscription.status === 'canceled') return 'Your plan has ended. Your data is kept; choose a plan to continue.';
  if (subscription.cancelAtPeriodEnd && end) return `Ends on ${end}. It will not renew.`;
  if (subscription.cancelAt) return `Ends on ${formatDate(subscription.cancelAt)}, at the end of its term.`;
  if (subscription.status === 'trialing' && subscription.trialEnd)
    return `Free trial until ${formatDate(subscription.trialEnd)}, then the plan starts.`;
  return end ? `Renews on ${end}.` : null;
}

function CurrentPlanCard({ companyId, overview }: { companyId: string; overview: BillingOverview }) {
  const subscription = overview.subscription;
  const redirect = useProviderRedirect(companyId);
  const change = useChangeSubscription(companyId);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const live = subscription && ['trialing', 'active', 'past_due'].includes(subscription.status);
  const name = subscription?.plan ? PLANS[subscription.plan].name : null;
  const openPortal = () =>
    redirect.mutate({ portal: true }, { onError: (e) => toast.error(errorMessage(e, BILLING_MESSAGES.providerDown)) });
  const setCancellation = (cancelAtPeriodEnd: boolean) =>
    change.mutate(
      { cancelAtPeriodEnd },
      {
        onSuccess: () =>
          toast.success(cancelAtPeriodEnd ? 'Your plan will end at the end of the period' : 'Your plan keeps renewing'),
        onError: (e) => toast.error(errorMessage(e, BILLING_MESSAGES.providerDown)),
      },
    );
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle as="h2">Current plan</CardTitle>
          <CardDescription>{subscription && name ? name : BILLING_MESSAGES.noSubscription}</CardDescription>
        </div>
        {subscription ? (
          <Badge variant={STATUS_BADGE[subscription.status]}>{SUBSCRIPTION_STATUS_LABELS[subscription.status]}</Badge>
        ) : null}
      </CardHeader>
      {subscription ? (
        <CardContent className="grid gap-4">
          {subscription.plan ? (
            <p className="text-2xl font-semibold tabular-nums">{priceOf(subscription.plan)}</p>
          ) : null}
          <p>{renewalText(subscription)}</p>
          {subscription.status === 'past_due' ? (
            <Alert variant="destructive">
              <AlertTitle>{BILLING_MESSAGES.pastDueBanner}</AlertTitle>
              <AlertDescription>{BILLING_MESSAGES.pastDueBody}</AlertDescription>
            </Alert>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {subscription.hasBillingAccount ? (
              <Button variant="outline" onClick={openPortal} disabled={redirect.isPending}>
                <CreditCard aria-hidden />
                {redirect.isPending ? 'Opening…' : 'Update card and billing details'}
              </Button>
            ) : null}
            {live && !subscription.cancelAtPeriodEnd ? (
              <Button variant="outline" onClick={() => setConfirmCancel(true)} disabled={change.isPending}>
                Cancel at period end
              </Button>
            ) : null}
            {live && subscription.cancelAtPeriodEnd ? (
              <Button onClick={() => setCancellation(false)} disabled={change.isPending}>
                Keep my plan
              </Button>
            ) : null}
          </div>
        </CardContent>
      ) : null}
      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title={<>Cancel {name ?? 'the plan'} at the end of the period?</>}
        description={
          <>
            Everything stays as it is until{' '}
            {subscription?.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : 'the period ends'}. Then the
            plan's features become read-only; nothing is deleted, and you can choose a plan again at any time.
          </>
        }
        cancelLabel="Keep the plan"
        confirmLabel="Cancel at period end"
        destructive
        onConfirm={() => setCancellation(true)}
      />
    </Card>
  );
}

function PlansCard({ companyId, overview }: { companyId: string; overview: BillingOverview }) {
  const subscription = overview.subscription;
  const live = subscription && ['trialing', 'active', 'past_due'].includes(subscription.status);
  const trial = !subscription?.trialUsed && overview.trialDays > 0;
  const redirect = useProviderRedirect(companyId);
  const change = useChangeSubscription(companyId);
  const [switchTo, setSwitchTo] = useState<PlanId | null>(null);
  const current = live ? subscription.plan : null;
  // The plan a visitor chose on the pricing page (?plan=): shown first in view and marked, its checkout one click away.
  const [params] = useSearchParams();
  const picked = PLAN_ORDER.find((id) => id === params.get('plan') && id !== current) ?? null;
  const pickedRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    pickedRef.current?.scrollIntoView({ block: 'center' });
    pickedRef.current?.querySelector('button')?.focus({ preventScroll: true });
  }, [picked]);
  const upgrade = switchTo !== null && (current === null || yearly(switchTo) > yearly(current));

  const choose = (plan: PlanId) => {
    if (live) return setSwitchTo(plan);
    redirect.mutate(
      { checkout: plan },
      { onError: (e) => toast.error(errorMessage(e, BILLING_MESSAGES.providerDown)) },
    );
  };
  const confirmSwitch = () => {
    if (!switchTo) return;
    change.mutate(
      { plan: switchTo },
      {
        onSuccess: () => toast.success(`You are now on the ${PLANS[switchTo].name}`),
        onError: (e) => toast.error(errorMessage(e, BILLING_MESSAGES.providerDown)),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{live ? 'Change plan' : 'Choose a plan'}</CardTitle>
        <CardDescription>
          {live
            ? 'An upgrade starts now and is charged for the rest of the period; a downgrade credits the unused time.'
            : trial
              ? `Every plan starts with a ${overview.trialDays}-day free trial. You can cancel before it ends.`
              : 'Payment is taken by Stripe; you can cancel at the end of any period.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-4 sm:grid-cols-2" aria-label="Plans">
          {PLAN_ORDER.map((id) => {
            const plan = PLANS[id];
            const isCurrent = current === id;
            return (
              <li
                key={id}
                ref={id === picked ? pickedRef : undefined}
                className={cn(
                  'grid content-between gap-3 rounded-lg border p-4',
                  id === picked && 'border-primary ring-1 ring-primary',
                )}
              >
                <div className="grid gap-1">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 className="font-semibold">{plan.name}</h3>
                    {isCurrent ? <Badge variant="secondary">Current plan</Badge> : null}
                    {id === picked ? <Badge variant="secondary">Your choice</Badge> : null}
                  </div>
                  <p className="text-lg font-semibold tabular-nums">{priceOf(id)}</p>
                  <p className="text-sm text-muted-foreground">{plan.summary}</p>
                </div>
                {isCurrent ? null : (
                  <Button
                    variant={id === 'enterprise' ? 'default' : 'outline'}
                    className="h-auto min-h-9 whitespace-normal"
                    onClick={() => choose(id)}
                    disabled={redirect.isPending || change.isPending || subscription?.status === 'past_due'}
                  >
                    {live
                      ? `Switch to ${plan.name}`
                      : trial
                        ? `Start ${overview.trialDays}-day trial of ${plan.name}`
                        : `Choose ${plan.name}`}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      </CardContent>
      <ConfirmDialog
        open={switchTo !== null}
        onOpenChange={(open) => !open && setSwitchTo(null)}
        title={<>Switch to the {switchTo ? PLANS[switchTo].name : ''}?</>}
        description={
          upgrade
            ? 'The new plan starts now. The difference for the rest of this period is charged to your card today.'
            : 'The new plan starts now. The unused part of this period is credited to your next invoice.'
        }
        cancelLabel="Keep the current plan"
        confirmLabel="Switch plan"
        onConfirm={confirmSwitch}
      />
    </Card>
  );
}

function CapabilitiesCard({ overview }: { overview: BillingOverview }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Enterprise features</CardTitle>
        <CardDescription>What your company can use now. Your data stays whatever your plan.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2" aria-label="Enterprise features">
          {CAPABILITIES.map((capability) => {
            const on = overview.capabilities.includes(capability);
            return (
              <li key={capability} className="flex flex-wrap items-center gap-x-2">
                {on ? (
                  <Check className="size-4 text-primary" aria-hidden />
                ) : (
                  <Lock className="size-4 text-muted-foreground" aria-hidden />
                )}
                <span>{CAPABILITY_LABELS[capability]}</span>
                <span className="text-sm text-muted-foreground">{on ? '· Included' : '· Not in your plan'}</span>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}

function InvoicesCard({ companyId }: { companyId: string }) {
  const { data, isPending, isError, error, refetch } = useQuery(invoicesQueryOptions(companyId));
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Invoices</CardTitle>
        <CardDescription>Your latest invoices from Stripe. Older ones are in the billing portal.</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : isError ? (
          <LoadError
            title="Could not load the invoices"
            message={errorMessage(error, BILLING_MESSAGES.providerDown)}
            onRetry={() => void refetch()}
          />
        ) : data.invoices.length === 0 ? (
          <p className="text-sm text-muted-foreground">No invoices yet.</p>
        ) : (
          <Table aria-label="Invoices">
            <TableHeader>
              <TableRow>
                <TableHead>Date</TableHead>
                <TableHead className="hidden sm:table-cell">Number</TableHead>
                <TableHead className="text-right">Amount</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>
                  <span className="sr-only">Invoice</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.invoices.map((invoice) => (
                <TableRow key={invoice.id}>
                  <TableCell>{formatDate(invoice.created)}</TableCell>
                  <TableCell className="hidden sm:table-cell">{invoice.number ?? '—'}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatMoney(invoice.total / 100, invoice.currency)}
                  </TableCell>
                  <TableCell className="capitalize">{invoice.status ?? '—'}</TableCell>
                  <TableCell>
                    {invoice.hostedInvoiceUrl ? (
                      <a
                        href={invoice.hostedInvoiceUrl}
                        target="_blank"
                        rel="noreferrer"
                        className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
                      >
                        View
                        <span className="sr-only"> invoice {invoice.number ?? ''}</span>
                        <ExternalLink className="size-3" aria-hidden />
                      </a>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
