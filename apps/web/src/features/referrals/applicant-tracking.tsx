import { useQueries, useQuery } from '@tanstack/react-query';
import { LayoutGrid, MapPin, Star, Table as TableIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  matchScore,
  MATCHING,
  REFERRER_RELATIONSHIP_LABELS,
  type ReferrerRelationship,
  type Job,
  type TalentPublicProfile,
  type TrackingEntry,
  type TrackingStatus,
  experienceText,
} from '@referwell/shared';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { jobApplicationsQueryOptions } from '@/features/jobs/port';
import { talentProfileQueryOptions } from '@/lib/talent-profile';
import { jobTrackingQueryOptions, topTalentQueryOptions } from './api';
import { ReferredByBadge } from './pipeline-parts';
import { RowControl } from './tracking-row-control';

/** One candidate row, whichever list it comes from. */
interface TrackedCandidate {
  id: string;
  name: string;
  title: string | null;
  location: string | null;
  experience: number | null;
  rating: number | null;
  matchScore: number | null;
  /** Applicants' e-mail, which the job's team may see. */
  email?: string;
  /** The applicant's note to the hiring team, written when they applied. */
  note?: string | null;
  /** How they came through a referral: shown as 'Referred by {name}' with the referrer's words. */
  referral?: ReferralLink | null;
  applied: boolean;
  topMatch: boolean;
}

const allSkills = (p: Pick<TalentPublicProfile, 'skills' | 'technicalSkills' | 'softwareTools'>) => [
  ...p.skills,
  ...p.technicalSkills,
  ...p.softwareTools,
];

interface ReferralLink {
  id: string;
  referrerName: string | null;
  relationship: ReferrerRelationship | null;
  notes: string | null;
}

/**
 * Talent Tracking lists the referred and the contacted: an applicant waits in Applications until contacted, and
 * a declined or withdrawn candidate leaves the list.
 */
const inProgress = (entries: TrackingEntry[] | undefined) =>
  (entries ?? []).filter((e) => !['applied', 'declined', 'withdrawn'].includes(e.stage));

/**
 * Applicant tracking for a job's team (SPEC §2 'Job / project detail', §4 'Applicant tracking'):
 * Applications (default), Top Talent and Talent Tracking tabs, each as a table (default) or cards.
 */
export function ApplicantTracking({ job }: { job: Job }) {
  const applications = useQuery(jobApplicationsQueryOptions(job.id));
  const topTalent = useQuery(topTalentQueryOptions(job.id));
  const tracking = useQuery(jobTrackingQueryOptions(job.id));

  const top = [...(topTalent.data?.items ?? [])]
    .sort((a, b) => (b.matchScore ?? 0) - (a.matchScore ?? 0))
    .slice(0, MATCHING.topTalentCount);
  const topIds = new Set(top.map((t) => t.id));
  const appliedIds = new Set((applications.data ?? []).map((a) => a.userId));
  const tracked = inProgress(tracking.data);

  // Details for applicants and tracked candidates that the Top Talent answer does not already carry.
  const needed = [...new Set([...appliedIds, ...tracked.map((t) => t.talentId)])].filter((id) => !topIds.has(id));
  const profiles = useQueries({
    queries: needed.map((id) => ({ ...talentProfileQueryOptions(id), staleTime: 60_000, retry: false })),
  });
  const details = new Map<string, TrackedCandidate>();
  for (const talent of top) {
    details.set(talent.id, {
      id: talent.id,
      name: talent.name,
      title: talent.title,
      location: talent.location,
      experience: talent.yearsOfExperience,
      rating: talent.rating,
      matchScore: talent.matchScore,
      applied: appliedIds.has(talent.id),
      topMatch: appliedIds.has(talent.id),
    });
  }
  profiles.forEach((result, index) => {
    const id = needed[index]!;
    const p = result.data;
    if (!p) return;
    details.set(id, {
      id,
      name: p.name,
      title: p.title,
      location: p.location,
      experience: p.yearsOfExperience,
      rating: p.rating,
      matchScore: matchScore(job.skills, allSkills(p)),
      applied: appliedIds.has(id),
      topMatch: false,
    });
  });
  const referralOf = new Map((tracking.data ?? []).map((t) => [t.talentId, t.referral]));
  const fallback = (id: string, name: string): TrackedCandidate => ({
    id,
    name,
    title: null,
    location: null,
    experience: null,
    rating: null,
    matchScore: null,
    applied: appliedIds.has(id),
    topMatch: false,
  });

  const withReferral = (row: TrackedCandidate): TrackedCandidate => ({ ...row, referral: referralOf.get(row.id) });
  const applicantRows = (applications.data ?? []).map((a) =>
    withReferral({
      ...(details.get(a.userId) ?? fallback(a.userId, a.name)),
      email: a.email,
      note: a.note,
      topMatch: topIds.has(a.userId),
    }),
  );
  const topRows = top.map((t) => withReferral(details.get(t.id)!));
  const trackingRows = tracked.map((t) => withReferral(details.get(t.talentId) ?? fallback(t.talentId, t.talentName)));
  const statusOf = new Map((tracking.data ?? []).flatMap((t) => (t.status ? [[t.talentId, t.status] as const] : [])));

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Candidates</CardTitle>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="applications">
          <TabsList className="h-auto flex-wrap">
            <TabsTrigger value="applications">
              Applications ({applications.data?.length ?? job.applicationCount})
            </TabsTrigger>
            <TabsTrigger value="top">Top Talent</TabsTrigger>
            <TabsTrigger value="tracking">Talent Tracking ({tracked.length})</TabsTrigger>
          </TabsList>
          <TabsContent value="applications" className="mt-4">
            <CandidateView
              jobId={job.id}
              query={applications}
              rows={applicantRows}
              statusOf={statusOf}
              mode="action"
              emptyText="No applications yet"
              label="Applications"
            />
          </TabsContent>
          <TabsContent value="top" className="mt-4">
            <CandidateView
              jobId={job.id}
              query={topTalent}
              rows={topRows}
              statusOf={statusOf}
              mode="action"
              emptyText="No matches found for this position"
              label="Top Talent"
            />
          </TabsContent>
          <TabsContent value="tracking" className="mt-4">
            <CandidateView
              jobId={job.id}
              query={tracking}
              rows={trackingRows}
              statusOf={statusOf}
              mode="status"
              emptyText="Nobody in progress yet. Use Contact on an application or a top match."
              label="Talent Tracking"
            />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}

interface QueryState {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

function CandidateView({
  jobId,
  query,
  rows,
  statusOf,
  mode,
  emptyText,
  label,
}: {
  jobId: string;
  query: QueryState;
  rows: TrackedCandidate[];
  statusOf: ReadonlyMap<string, TrackingStatus>;
  mode: 'action' | 'status';
  emptyText: string;
  label: string;
}) {
  const [view, setView] = useState<'table' | 'cards'>('table');
  if (query.isPending) return <Spinner label={`Loading ${label}...`} />;
  if (query.isError) {
    return (
      <LoadError
        title={`Could not load ${label}`}
        message={query.error?.message ?? 'Please try again.'}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (rows.length === 0) return <p className="py-6 text-center text-muted-foreground">{emptyText}</p>;
  return (
    <div className="grid gap-3">
      <div className="flex justify-end gap-1" role="group" aria-label={`${label} view`}>
        <Button
          size="sm"
          variant={view === 'table' ? 'secondary' : 'ghost'}
          aria-pressed={view === 'table'}
          onClick={() => setView('table')}
        >
          <TableIcon aria-hidden />
          Table
        </Button>
        <Button
          size="sm"
          variant={view === 'cards' ? 'secondary' : 'ghost'}
          aria-pressed={view === 'cards'}
          onClick={() => setView('cards')}
        >
          <LayoutGrid aria-hidden />
          Cards
        </Button>
      </div>
      {view === 'table' ? (
        <Table aria-label={label}>
          <TableHeader>
            <TableRow>
              <TableHead>{mode === 'status' ? 'Status' : 'Action'}</TableHead>
              <TableHead>Name</TableHead>
              <TableHead>Title</TableHead>
              <TableHead>Location</TableHead>
              <TableHead>Experience</TableHead>
              <TableHead>Rating</TableHead>
              <TableHead>Match Score</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} className={row.topMatch ? 'bg-accent/40' : undefined}>
                <TableCell className="min-w-36">
                  <RowControl jobId={jobId} candidate={row} status={statusOf.get(row.id)} mode={mode} />
                </TableCell>
                <TableCell className="font-medium">
                  <NameLink candidate={row} />
                </TableCell>
                <TableCell>{row.title ?? '—'}</TableCell>
                <TableCell>{row.location ?? '—'}</TableCell>
                <TableCell>{experienceText(row.experience) ?? '—'}</TableCell>
                <TableCell>{ratingText(row.rating)}</TableCell>
                <TableCell>{row.matchScore === null ? '—' : `${row.matchScore}%`}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label={label}>
          {rows.map((row) => (
            <li
              key={row.id}
              className={`grid gap-2 rounded-lg border p-4 ${row.topMatch ? 'border-primary/50 bg-accent/40' : 'border-border'}`}
            >
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium">
                    <NameLink candidate={row} />
                  </p>
                  <p className="text-sm text-muted-foreground">{row.title ?? 'No title'}</p>
                </div>
                {row.matchScore !== null ? <Badge variant="secondary">{row.matchScore}% match</Badge> : null}
              </div>
              <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
                <span className="flex items-center gap-1">
                  <MapPin className="size-3.5" aria-hidden />
                  {row.location ?? '—'}
                </span>
                <span>{experienceText(row.experience) ?? '—'}</span>
                <span className="flex items-center gap-1">
                  <Star className="size-3.5" aria-hidden />
                  {ratingText(row.rating)}
                </span>
              </p>
              <RowControl jobId={jobId} candidate={row} status={statusOf.get(row.id)} mode={mode} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const ratingText = (rating: number | null) => (rating === null ? '—' : rating.toFixed(1));

function NameLink({ candidate }: { candidate: TrackedCandidate }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Link to={`/view-talent-profile/${candidate.id}`} className="text-primary hover:underline">
        {candidate.name}
      </Link>
      {candidate.topMatch ? <Badge variant="accepted">Top Match</Badge> : null}
      {candidate.referral ? (
        <Link to={`/referrer-dashboard/referrals/${candidate.referral.id}`} className="rounded-full">
          <ReferredByBadge name={candidate.referral.referrerName} />
        </Link>
      ) : null}
      {candidate.referral && (candidate.referral.relationship || candidate.referral.notes) ? (
        <span className="block w-full text-xs font-normal break-words text-muted-foreground">
          {[
            candidate.referral.relationship ? REFERRER_RELATIONSHIP_LABELS[candidate.referral.relationship] : null,
            candidate.referral.notes ? `“${candidate.referral.notes}”` : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      ) : null}
      {candidate.email ? (
        <a
          href={`mailto:${candidate.email}`}
          className="block w-full text-xs font-normal break-all text-muted-foreground hover:underline"
        >
          {candidate.email}
        </a>
      ) : null}
      {candidate.note ? (
        <span className="block w-full max-w-prose text-sm font-normal whitespace-pre-line text-foreground">
          <span className="font-medium text-muted-foreground">Note: </span>
          {candidate.note}
        </span>
      ) : null}
    </span>
  );
}
