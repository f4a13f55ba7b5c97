import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoneyList } from '@/lib/format';
import { analyticsQueryOptions } from './api';

/** The figures the programme card shows: the analytics page's default period. */
const PROGRAMME_QUERY = { period: '90d' } as const;

/**
 * A company admin's home: the company's referral programme in money (bonuses due now, upcoming, paid in the last
 * 90 days, and what the pipeline holds awaiting a hire), the same figures as the analytics page.
 */
export function ProgrammeCard({ companyId }: { companyId: string }) {
  const { data, isPending, isError, error, refetch } = useQuery(analyticsQueryOptions(companyId, PROGRAMME_QUERY));
  return (
    <Card aria-busy={isPending}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle as="h2">Referral programme</CardTitle>
          <CardDescription>Your company&apos;s bonuses, by when they are paid.</CardDescription>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link to="/company-dashboard/analytics">Open analytics</Link>
        </Button>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : isError ? (
          <LoadError title="Could not load the programme" message={error.message} onRetry={() => void refetch()} />
        ) : (
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Tile label="Due now" value={formatMoneyList(data.bonuses.dueNow)} />
            <Tile label="Upcoming" value={formatMoneyList(data.bonuses.dueLater)} />
            <Tile label="Paid (90 days)" value={formatMoneyList(data.bonuses.paidInPeriod)} />
            <Tile label="Pipeline (awaiting hire)" value={formatMoneyList(data.bonuses.awaitingHire)} />
          </dl>
        )}
      </CardContent>
    </Card>
  );
}

function Tile({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1 rounded-lg border bg-card p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}
