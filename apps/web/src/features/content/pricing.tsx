import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { PLANS as SHARED_PLANS, type Plan as SharedPlan, type PlanId } from '@referwell/shared/rules/plans';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** Whole US dollars with a dollar sign and thousands separators: 10000 → '$10,000' (SPEC §9). */
export function formatUsd(amount: number): string {
  return usd.format(amount);
}

export interface Plan {
  id: PlanId;
  name: string;
  priceUsd: number;
  period: 'per month' | 'per year';
  summary: string;
  includes: readonly string[];
  highlighted?: boolean;
}

const offer = (plan: SharedPlan, highlighted = false): Plan => ({
  id: plan.id,
  name: plan.name,
  priceUsd: plan.priceUsd,
  period: plan.interval === 'year' ? 'per year' : 'per month',
  summary: plan.summary,
  includes: plan.includes,
  highlighted,
});

/**
 * Where a plan's button leads: the company's billing page with that plan picked, where a company admin starts its
 * checkout (a visitor signs in or signs up first and comes back to it).
 */
export const choosePlanPath = (id: PlanId) => `/company-dashboard/billing?plan=${id}`;

/** Company pricing as shown on the marketing pages (SPEC §1): the plans a company buys on its billing page. */
export const PLANS: readonly Plan[] = [offer(SHARED_PLANS.monthly), offer(SHARED_PLANS.enterprise, true)];

function PlanCard({ plan }: { plan: Plan }) {
  return (
    <Card className={cn('h-full', plan.highlighted && 'border-primary ring-1 ring-primary')}>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>{plan.name}</CardTitle>
          {plan.highlighted ? <Badge variant="secondary">For larger teams</Badge> : null}
        </div>
        <CardDescription className="text-base">{plan.summary}</CardDescription>
        <p className="mt-4 flex items-baseline gap-2">
          <span className="text-4xl font-bold tracking-tight">{formatUsd(plan.priceUsd)}</span>
          <span className="text-muted-foreground">{plan.period}</span>
        </p>
      </CardHeader>
      <CardContent>
        <p className="text-sm font-semibold">Includes</p>
        <ul className="mt-4 grid gap-2" aria-label={`${plan.name} includes`}>
          {plan.includes.map((item) => (
            <li key={item} className="flex items-start gap-2">
              <Check className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
              <span>{item}</span>
            </li>
          ))}
        </ul>
        <Button asChild className="mt-6 w-full" variant={plan.highlighted ? 'default' : 'outline'}>
          <Link to={choosePlanPath(plan.id)}>Choose {plan.name}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** The two company plans side by side (stacked on phones). */
export function PricingCards({ plans = PLANS }: { plans?: readonly Plan[] }) {
  return (
    <ul className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
      {plans.map((plan) => (
        <li key={plan.name}>
          <PlanCard plan={plan} />
        </li>
      ))}
    </ul>
  );
}
