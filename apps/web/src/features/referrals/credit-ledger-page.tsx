import { useQuery } from '@tanstack/react-query';
import { Scale } from 'lucide-react';
import { Link } from 'react-router';
import { CREDIT_DECISION_LABELS, type CreditEntry } from '@referwell/shared';
import { referralCreditUrl } from '@referwell/shared/url-filters/referral-credit';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Pager } from '@/components/pager';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useUrlFilters } from '@/lib/url-filters';
import { usePageTitle } from '@/lib/use-page-title';
import { creditLedgerQueryOptions, type ReferralScope } from './api';
import { DECISION_VARIANT } from './credit-card';
import { GoBackButton } from './referral-parts';

const PAGE_SIZE = 25;

const TEXTS: Record<ReferralScope, { title: string; lead: string; empty: string }> = {
  mine: {
    title: 'Your referral credit',
    lead: 'Every decision about whether your referrals count for a bonus: when it was made and why.',
    empty: 'No credit decisions yet. Each referral you make records one here.',
  },
  'about-me': {
    title: 'Who referred you',
    lead: 'Which referrer is credited with referring you for each job, when that was decided and why.',
    empty: 'Nobody has referred you yet. When someone does, who is credited appears here.',
  },
  company: {
    title: 'Company referral credit',
    lead: 'Every credit decision for your company’s jobs: which referrer counts for which candidate, and why.',
    empty: 'No credit decisions yet. Each referral for your jobs records one here.',
  },
};

/**
 * /referral-credit: the viewer's part of the credit ledger (issue 32). A referrer reads their decisions, a candidate
 * who is credited for them, a company admin also the whole company's. The server decides what each may read.
 */
export function CreditLedgerPage() {
  const { user, isCompanyAdmin: isAdmin } = useSession();
  const [filters, setFilters] = useUrlFilters(referralCreditUrl, { replace: true });
  const scope: ReferralScope =
    user?.type === 'jobseeker' ? 'about-me' : isAdmin && filters.scope === 'company' ? 'company' : 'mine';
  const texts = TEXTS[scope];
  usePageTitle(texts.title);
  const { data, isPending, isError, error, refetch, isPlaceholderData } = useQuery(
    creditLedgerQueryOptions(scope, filters.page, PAGE_SIZE),
  );
  const dashboard = user?.type === 'jobseeker' ? '/jobseeker-dashboard' : '/referrer-dashboard';

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <GoBackButton variant="ghost" className="mb-4 -ml-3" label="Back to Dashboard" fallback={dashboard} />
      <header className="mb-6">
        <h1 className="text-3xl font-semibold tracking-tight">{texts.title}</h1>
        <p className="mt-1 text-muted-foreground">{texts.lead}</p>
      </header>
      {isAdmin && user?.type !== 'jobseeker' ? (
        <Tabs
          value={scope}
          onValueChange={(value) => setFilters({ scope: value === 'company' ? 'company' : undefined })}
          className="mb-4"
        >
          <TabsList>
            <TabsTrigger value="mine">Mine</TabsTrigger>
            <TabsTrigger value="company">Whole company</TabsTrigger>
          </TabsList>
        </Tabs>
      ) : null}
      {isError ? (
        <LoadError title="Could not load the credit decisions" message={error.message} onRetry={() => void refetch()} />
      ) : isPending ? (
        <ul className="grid gap-2" aria-busy="true" aria-label="Loading the credit decisions">
          {[0, 1, 2].map((n) => (
            <li key={n}>
              <Skeleton className="h-16 w-full" />
            </li>
          ))}
        </ul>
      ) : data.items.length === 0 ? (
        <EmptyState icon={Scale}>{texts.empty}</EmptyState>
      ) : (
        <section aria-label="Credit decisions" aria-busy={isPlaceholderData}>
          <p className="mb-2 text-sm text-muted-foreground" aria-live="polite">
            {data.total} {data.total === 1 ? 'decision' : 'decisions'}
          </p>
          <ul className="divide-y overflow-hidden rounded-xl border">
            {data.items.map((entry) => (
              <CreditRow key={entry.id} entry={entry} />
            ))}
          </ul>
          <Pager page={data.page} totalPages={data.totalPages} onPage={(page) => setFilters({ ...filters, page })} />
        </section>
      )}
    </div>
  );
}

function CreditRow({ entry }: { entry: CreditEntry }) {
  const who = [entry.candidateName, entry.referrerName && `referred by ${entry.referrerName}`]
    .filter(Boolean)
    .join(', ');
  return (
    <li className="grid gap-1 bg-card px-4 py-3 sm:grid-cols-[8rem_1fr] sm:gap-4">
      <time dateTime={entry.at} className="text-sm text-muted-foreground">
        {formatDate(entry.at)}
      </time>
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <Badge variant={DECISION_VARIANT[entry.decision]}>{CREDIT_DECISION_LABELS[entry.decision]}</Badge>
          {entry.referralId ? (
            <Link to={`/referrer-dashboard/referrals/${entry.referralId}`} className="font-medium hover:underline">
              {entry.job.title}
            </Link>
          ) : (
            <span className="font-medium">{entry.job.title}</span>
          )}
          {who ? <span className="text-sm text-muted-foreground">{who}</span> : null}
        </p>
        <p className="text-sm break-words">{entry.words}</p>
      </div>
    </li>
  );
}
