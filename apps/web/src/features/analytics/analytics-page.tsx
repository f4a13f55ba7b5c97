import { useQuery } from '@tanstack/react-query';
import type { Analytics, AnalyticsQuery } from '@referwell/shared';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadError } from '@/components/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/session';
import { BackToDashboard } from '@/components/back-to-dashboard';
import { formatDate, formatMoneyList } from '@/lib/format';
import { analyticsUrl } from '@referwell/shared/url-filters/analytics';
import { useUrlFilters } from '@/lib/url-filters';
import { usePageTitle } from '@/lib/use-page-title';
import { analyticsQueryOptions } from './api';
import { BonusPolicyCard } from './bonus-policy-card';
import { ChartCard, FigureCard } from './chart-card';
import { DueBonusesCard, UpcomingBonusesCard } from './due-bonuses';
import { PayeesCard } from './payees-card';
import { ExportButton } from './export-button';
import { ExportsCard } from './exports-card';
import { FunnelChart, ReferrersChart, SourcesChart } from './charts';
import { AnalyticsFilters } from './filters';
import { formatCount, formatHours, formatPercent } from './format';
import { LeaderboardSetting } from './leaderboard';
import { FunnelTable, JobsTable, SourcesTable, TeamTable } from './tables';

/** /company-dashboard/analytics: the referral programme's figures for company admins. */
export function AnalyticsPage() {
  usePageTitle('Referral Analytics');
  const { company, isCompanyAdmin: isAdmin } = useSession();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
      <BackToDashboard />
      <header className="mb-6">
        <h1 className="text-3xl font-semibold tracking-tight">Referral Analytics</h1>
        <p className="mt-2 text-muted-foreground">
          How referrals become hires, who brings them, how fast, and what the programme owes.
        </p>
      </header>
      {company && isAdmin ? (
        <AnalyticsBody companyId={company.id} />
      ) : (
        <Alert role="status">
          <AlertTitle>Analytics are for admins</AlertTitle>
          <AlertDescription>Only company administrators can see the referral programme's analytics.</AlertDescription>
        </Alert>
      )}
    </div>
  );
}

function AnalyticsBody({ companyId }: { companyId: string }) {
  const [filters, setFilters] = useUrlFilters(analyticsUrl, { replace: true });
  const ready = filters.period !== 'custom' || Boolean(filters.from && filters.to);
  const query: AnalyticsQuery = ready ? filters : { ...filters, period: '90d', from: undefined, to: undefined };
  const { data, isPending, isError, error, refetch, isFetching } = useQuery(analyticsQueryOptions(companyId, query));
  return (
    <div className="grid min-w-0 gap-6">
      <AnalyticsFilters value={filters} choices={data?.filters} onChange={setFilters} />
      {isPending ? (
        <div className="grid gap-4" aria-busy>
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-72 w-full" />
        </div>
      ) : isError ? (
        <LoadError title="Could not load the analytics" message={error.message} onRetry={() => void refetch()} />
      ) : (
        <div className="grid min-w-0 gap-6" aria-busy={isFetching}>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {formatDate(data.period.from)} – {formatDate(data.period.to)}
          </p>
          <Headline data={data} />
          <div className="grid min-w-0 gap-6 lg:grid-cols-2">
            <ChartCard
              title="Referral funnel"
              description="Requests and referrals made in the period, by the furthest step each reached."
              empty={data.funnel.every((s) => s.count === 0)}
              emptyText="No referral requests or referrals in this period."
              action={<ExportButton companyId={companyId} kind="funnel" query={query} label="Export CSV" />}
              chart={<FunnelChart funnel={data.funnel} />}
              table={<FunnelTable funnel={data.funnel} />}
            />
            <ChartCard
              title="Source of hire"
              description="Hires in the period by how the candidate first came to the job, and days to hire."
              empty={data.sources.every((s) => s.hires === 0)}
              emptyText="No hires in this period."
              action={<ExportButton companyId={companyId} kind="sources" query={query} label="Export CSV" />}
              chart={<SourcesChart sources={data.sources} />}
              table={<SourcesTable sources={data.sources} />}
            />
          </div>
          <BonusCard
            bonuses={data.bonuses}
            actions={
              <>
                <ExportButton companyId={companyId} kind="bonuses" query={query} label="Export bonuses" />
                <ExportButton companyId={companyId} kind="referrals" query={query} label="Export referrals" />
              </>
            }
          />
          <ExportsCard companyId={companyId} />
          <DueBonusesCard companyId={companyId} />
          <UpcomingBonusesCard companyId={companyId} />
          <PayeesCard companyId={companyId} />
          <ChartCard
            title="Referrers"
            description="Requests received and referrals made in the period, the hires they led to, and response time."
            empty={data.referrers.every((r) => r.referrals === 0 && r.requestsReceived === 0)}
            emptyText="No referrer activity in this period."
            action={<ExportButton companyId={companyId} kind="referrers" query={query} label="Export CSV" />}
            chart={<ReferrersChart referrers={data.referrers} />}
            table={<TeamTable rows={data.referrers} by="Referrer" />}
          />
          <FigureCard
            title="Departments"
            empty={data.departments.length === 0}
            emptyText="No team members yet."
            action={<ExportButton companyId={companyId} kind="departments" query={query} label="Export CSV" />}
          >
            <TeamTable rows={data.departments} by="Department" />
          </FigureCard>
          <FigureCard
            title="Jobs"
            description="Applications and referrals in the period; candidates by the stage they are at now."
            empty={data.jobs.length === 0}
            emptyText="No published jobs match these filters."
            action={<ExportButton companyId={companyId} kind="jobs" query={query} label="Export CSV" />}
          >
            <JobsTable jobs={data.jobs} />
          </FigureCard>
          <div className="grid min-w-0 gap-6 lg:grid-cols-2">
            <BonusPolicyCard companyId={companyId} />
            <LeaderboardSetting companyId={companyId} />
          </div>
        </div>
      )}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border bg-card p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function Headline({ data }: { data: Analytics }) {
  const referrals = data.funnel.find((s) => s.step === 'referrals')?.count ?? 0;
  const hired = data.funnel.find((s) => s.step === 'hired')?.count ?? 0;
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Figure label="Referrals" value={formatCount(referrals)} />
      <Figure label="Referral to hire" value={formatPercent(referrals === 0 ? null : hired / referrals)} />
      <Figure label="Median first response" value={formatHours(data.requestResponse.medianHours)} />
      <Figure label="Bonuses due now" value={formatMoneyList(data.bonuses.dueNow)} />
    </dl>
  );
}

function BonusCard({ bonuses, actions }: { bonuses: Analytics['bonuses']; actions: React.ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle as="h2">Bonus liability</CardTitle>
          <CardDescription>
            The forecast is what awaits a hire times the share of finished referrals that ended in a hire (
            {formatPercent(bonuses.historicalHireRate)}). The bonuses export lists what is due and what was paid in the
            period, for payroll.
          </CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">{actions}</div>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
          <Figure label="Due now" value={formatMoneyList(bonuses.dueNow)} />
          <Figure label="Upcoming" value={formatMoneyList(bonuses.dueLater)} />
          <Figure label="Awaiting hire" value={formatMoneyList(bonuses.awaitingHire)} />
          <Figure label="Paid this period" value={formatMoneyList(bonuses.paidInPeriod)} />
          <Figure label="Forecast" value={formatMoneyList(bonuses.forecast)} />
        </dl>
      </CardContent>
    </Card>
  );
}
