import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { BONUS_STATE_LABELS, DASHBOARD_LIMITS, DASHBOARD_MESSAGES, type ReferrerDashboard } from '@referwell/shared';
import { LoadError } from '@/components/load-error';
import { MatchBadge } from '@/components/match-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { jobsBoardUrl } from '@referwell/shared/url-filters/jobs-board';
import { referralsUrl } from '@referwell/shared/url-filters/referrals';
import { StatusBadge } from '@/features/referrals/port';
import { formatDate, formatMoneyList } from '@/lib/format';
import { referrerDashboardQueryOptions } from './api';

function Figure({ label, value, to }: { label: string; value: string | number; to?: string }) {
  // dt and dd are the item's direct children (a dl allows no link around them): the label is the link, stretched
  // over the whole card so the card stays one click target.
  return (
    <div className="relative grid gap-1 rounded-lg border bg-card p-4 has-[a:hover]:text-primary">
      <dt className="text-sm text-muted-foreground">
        {to ? (
          <Link to={to} aria-label={`${label} ${value}`} className="after:absolute after:inset-0 after:rounded-lg">
            {label}
          </Link>
        ) : (
          label
        )}
      </dt>
      <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * Every number on the referrer / company dashboard, computed by the server (SPEC §2, §9). The person's own referral
 * tiles show always, or (`ifAny`, a company admin's home) only once they have referred someone.
 */
export function ReferrerActivity({ personal = 'always' }: { personal?: 'always' | 'ifAny' }) {
  const { data, isPending, isError, error, refetch } = useQuery(referrerDashboardQueryOptions);
  if (isPending) return <Skeleton className="h-64 w-full" aria-busy />;
  if (isError)
    return <LoadError title="Could not load your dashboard" message={error.message} onRetry={() => void refetch()} />;
  const { totals } = data;
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      {data.company ? (
        <section aria-labelledby="company-figures">
          <h2 id="company-figures" className="sr-only">
            Company figures
          </h2>
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <Figure label="Team members" value={data.company.teamMemberCount} to="/company-dashboard/team" />
            <Figure
              label="Open positions"
              value={data.company.openPositions}
              to={jobsBoardUrl.href({ status: 'OPEN' })}
            />
            <Figure
              label="Pending approvals"
              value={data.company.pendingApprovals}
              to={referralsUrl.href({ scope: 'company', status: 'pending' })}
            />
          </dl>
        </section>
      ) : null}
      {personal === 'ifAny' && totals.total === 0 ? null : (
        <section aria-labelledby="referral-totals">
          <h2 id="referral-totals" className="mb-3 text-lg font-semibold">
            Your referrals
          </h2>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Figure label="Total referrals" value={totals.total} to={referralsUrl.href()} />
            <Figure label="Pending" value={totals.pending} to={referralsUrl.href({ status: 'pending' })} />
            <Figure label="Completed" value={totals.completed} to={referralsUrl.href({ status: 'completed' })} />
            <Figure label="Requests waiting" value={data.pendingRequests} to="/referral-requests" />
            {/* The bonus state machine's sums (sumBonuses on the server) in its words; void bonuses count nowhere. */}
            <Figure
              label={`Bonuses ${BONUS_STATE_LABELS.paid.toLowerCase()}`}
              value={formatMoneyList(totals.bonuses.paid)}
            />
            <Figure
              label={`Bonuses ${BONUS_STATE_LABELS.due.toLowerCase()}`}
              value={formatMoneyList(totals.bonuses.due)}
            />
            <Figure
              label={`Bonuses ${BONUS_STATE_LABELS.awaiting_hire.toLowerCase()}`}
              value={formatMoneyList(totals.bonuses.awaitingHire)}
            />
          </dl>
        </section>
      )}
      <TalentMatchesCard matches={data.talentMatches} />
      <RecentReferralsCard referrals={data.recentReferrals} />
    </div>
  );
}

function TalentMatchesCard({ matches }: { matches: ReferrerDashboard['talentMatches'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Talent matches</CardTitle>
        <CardDescription>Job seekers whose skills fit your company&apos;s open roles.</CardDescription>
      </CardHeader>
      <CardContent>
        {matches.length === 0 ? (
          <p className="text-sm text-muted-foreground">{DASHBOARD_MESSAGES.noTalentMatches}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-3">
            {matches.map((match) => (
              <li key={match.talent.id} className="flex items-center justify-between gap-3 rounded-md border p-3">
                <div className="min-w-0 flex-1">
                  <Link
                    to={`/view-talent-profile/${match.talent.id}`}
                    className="font-medium hover:text-primary hover:underline"
                  >
                    {match.talent.name}
                  </Link>
                  <p className="truncate text-sm text-muted-foreground">
                    {[match.talent.title, match.talent.location].filter(Boolean).join(' · ')}
                    {' · for '}
                    {match.job.title}
                  </p>
                </div>
                <MatchBadge score={match.matchScore} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function RecentReferralsCard({ referrals }: { referrals: ReferrerDashboard['recentReferrals'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Recent referrals</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {referrals.length === 0 ? (
          <p className="text-sm text-muted-foreground">{DASHBOARD_MESSAGES.noReferrals}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-3">
            {referrals.slice(0, DASHBOARD_LIMITS.referralsShown).map((referral) => (
              <li key={referral.id} className="flex items-center justify-between gap-3 rounded-md border p-3">
                <div className="min-w-0 flex-1">
                  <Link
                    to={`/referrer-dashboard/referrals/${referral.id}`}
                    className="font-medium hover:text-primary hover:underline"
                  >
                    {referral.talentName}
                  </Link>
                  <p className="truncate text-sm text-muted-foreground">
                    {referral.jobTitle} · {formatDate(referral.createdAt)}
                  </p>
                </div>
                <StatusBadge status={referral.status} />
              </li>
            ))}
          </ul>
        )}
        {referrals.length > 0 ? (
          <Button asChild variant="outline" size="sm" className="w-fit">
            <Link to="/referrer-dashboard/referrals">View All</Link>
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
