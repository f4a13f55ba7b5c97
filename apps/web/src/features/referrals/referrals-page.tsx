import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { REFERRAL_MESSAGES, REFERRAL_STATUS_LABELS, REFERRAL_STATUSES, type ReferralSummary } from '@referwell/shared';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSession } from '@/lib/session';
import { formatDate } from '@/lib/format';
import { useUrlFilters } from '@/lib/url-filters';
import { referralCreditUrl } from '@referwell/shared/url-filters/referral-credit';
import { referralsUrl } from '@referwell/shared/url-filters/referrals';
import { usePageTitle } from '@/lib/use-page-title';
import { referralsQueryOptions, type ReferralScope } from './api';
import { BonusInline } from './pipeline-parts';
import { ReferSomeoneButton } from './refer-someone-button';
import { GoBackButton, StatusBadge } from './referral-parts';

const ALL = 'all';

/** All referrals with a status filter (/referrer-dashboard/referrals; the dashboard shows the 5 newest). */
export function ReferralsPage() {
  usePageTitle('Referrals');
  const { user, company, isCompanyAdmin: isAdmin } = useSession();
  const [filters, setFilters] = useUrlFilters(referralsUrl, { replace: true });
  const { status } = filters;
  const scope: ReferralScope =
    user?.type === 'jobseeker' ? 'about-me' : isAdmin && filters.scope === 'company' ? 'company' : 'mine';
  const { data, isPending, isError, error, refetch } = useQuery(referralsQueryOptions(scope, status));

  const dashboard = user?.type === 'jobseeker' ? '/jobseeker-dashboard' : '/referrer-dashboard';
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <GoBackButton variant="ghost" className="mb-4 -ml-3" label="Back to Dashboard" fallback={dashboard} />
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">
            {scope === 'about-me' ? 'Referrals for you' : scope === 'company' ? 'Company referrals' : 'Your referrals'}
          </h1>
          <p className="mt-1 text-muted-foreground">
            {scope === 'about-me'
              ? 'Where referrers have put you forward for a job.'
              : scope === 'company'
                ? 'Every referral made for your company’s jobs.'
                : 'The candidates you referred and where each referral stands.'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to={referralCreditUrl.href(scope === 'company' ? { scope } : {})}>Credit history</Link>
          </Button>
          {company ? <ReferSomeoneButton /> : null}
        </div>
        <div className="grid w-full gap-1.5 sm:w-48">
          <Label htmlFor="referral-status-filter">Status</Label>
          <Select
            value={status ?? ALL}
            onValueChange={(value) => setFilters({ ...filters, status: REFERRAL_STATUSES.find((s) => s === value) })}
          >
            <SelectTrigger id="referral-status-filter">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All statuses</SelectItem>
              {REFERRAL_STATUSES.map((value) => (
                <SelectItem key={value} value={value}>
                  {REFERRAL_STATUS_LABELS[value]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </header>
      {isAdmin ? (
        <Tabs
          value={scope}
          onValueChange={(value) => setFilters({ ...filters, scope: value === 'company' ? 'company' : undefined })}
          className="mb-4"
        >
          <TabsList>
            <TabsTrigger value="mine">Mine</TabsTrigger>
            <TabsTrigger value="company">Whole company</TabsTrigger>
          </TabsList>
        </Tabs>
      ) : null}
      {isPending ? (
        <div className="flex justify-center py-16">
          <Spinner size="lg" label="Loading referrals..." />
        </div>
      ) : isError ? (
        <LoadError title="Could not load the referrals" message={error.message} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <Inbox className="size-10 text-muted-foreground" aria-hidden />
            <p className="text-muted-foreground">{REFERRAL_MESSAGES.noReferrals}</p>
            {status ? (
              <Button variant="outline" size="sm" onClick={() => setFilters({ ...filters, status: undefined })}>
                Show all statuses
              </Button>
            ) : null}
          </CardContent>
        </Card>
      ) : (
        <ReferralList referrals={data} showReferrer={scope !== 'mine'} />
      )}
    </div>
  );
}

/** Referral rows linking to their detail page. */
function ReferralList({ referrals, showReferrer = false }: { referrals: ReferralSummary[]; showReferrer?: boolean }) {
  return (
    <ul className="grid gap-3" aria-label="Referrals">
      {referrals.map((referral) => (
        <li key={referral.id}>
          <Link
            to={`/referrer-dashboard/referrals/${referral.id}`}
            className="flex items-center gap-4 rounded-xl border border-border bg-card p-4 shadow-sm transition-colors hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
          >
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words">{referral.talentName}</p>
              <p className="text-sm break-words text-muted-foreground">
                {referral.jobTitle} · {referral.companyName}
              </p>
              <p className="mt-1 flex flex-wrap gap-x-4 text-xs text-muted-foreground">
                <span>Updated {formatDate(referral.updatedAt)}</span>
                {showReferrer && referral.referrer ? <span>Referred by {referral.referrer.name}</span> : null}
                {referral.bonus ? <BonusInline bonus={referral.bonus} /> : null}
              </p>
            </div>
            <StatusBadge status={referral.status} />
            <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          </Link>
        </li>
      ))}
    </ul>
  );
}
