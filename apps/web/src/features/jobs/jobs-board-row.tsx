import { UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { scopedToast } from '@/lib/toast';
import { COMPANY_JOBS_MESSAGES, type CompanyJob } from '@referwell/shared';
import { BonusOfferText } from '@/components/bonus-offer';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { candidateSearchUrl } from '@referwell/shared/url-filters/candidate-search';
import { useSetJobStatus } from './api';
import { JobStatusBadge } from './job-status-badge';
import { ShareJobMenu } from './share-job';

const toast = scopedToast('jobs-board-row');

const GRID = 'lg:grid lg:grid-cols-[minmax(0,1fr)_5.5rem_6.5rem_8.5rem_5rem_5rem_5rem_12rem] lg:items-center lg:gap-3';

/** Column names above the rows (wide screens; on phones each row labels its own figures). */
export function JobsBoardColumns() {
  return (
    <div
      aria-hidden
      className={`hidden rounded-t-xl border bg-muted/50 px-4 py-2 text-xs font-medium text-muted-foreground ${GRID}`}
    >
      <span>Job</span>
      <span>Status</span>
      <span>Posted</span>
      <span>Referral bonus</span>
      <span className="text-right">Applicants</span>
      <span className="text-right">Referrals</span>
      <span>New</span>
      <span className="sr-only">Actions</span>
    </div>
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function newSummary(job: CompanyJob): string | null {
  const parts = [
    job.newApplicants ? plural(job.newApplicants, 'new applicant', 'new applicants') : null,
    job.newReferrals ? plural(job.newReferrals, 'new referral', 'new referrals') : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return `${parts.join(', ')} ${job.lastVisitedAt ? 'since your last visit' : '(not opened yet)'}`;
}

export function CompanyJobRow({ job, companyName }: { job: CompanyJob; companyName: string }) {
  const newCount = job.newApplicants + job.newReferrals;
  const summary = newSummary(job);
  return (
    <li className={`rounded-xl border bg-card p-4 lg:rounded-none lg:border-0 ${GRID}`} aria-label={job.title}>
      <div className="min-w-0">
        <Link to={`/job/${job.id}`} className="font-medium break-words text-primary hover:underline">
          {job.title}
        </Link>
        <p className="truncate text-sm text-muted-foreground">
          {job.location}
          {job.postedBy ? ` · ${job.postedBy.name}` : ''}
        </p>
        {job.payRangeNeeded.length > 0 ? (
          <p className="mt-1 text-sm font-medium text-destructive">
            {COMPANY_JOBS_MESSAGES.payRangeNeeded(
              job.payRangeNeeded.map((rule) => `${rule.name} (${rule.id})`).join('; '),
            )}
          </p>
        ) : null}
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm lg:contents">
        <span>
          <JobStatusBadge status={job.status} />
        </span>
        <span className="text-muted-foreground lg:text-foreground">
          <span className="lg:sr-only">Posted </span>
          {formatDate(job.createdAt)}
        </span>
        <span className="basis-full text-sm lg:basis-auto">
          <span className="lg:sr-only">Referral bonus: </span>
          <BonusOfferText offer={job.bonus} compact className="hidden lg:inline" />
          <BonusOfferText offer={job.bonus} className="lg:hidden" />
        </span>
        <span className="tabular-nums lg:text-right">
          {job.applicantCount}
          <span className="lg:sr-only"> {job.applicantCount === 1 ? 'applicant' : 'applicants'}</span>
        </span>
        <span className="tabular-nums lg:text-right">
          {job.referralCount}
          <span className="lg:sr-only"> {job.referralCount === 1 ? 'referral' : 'referrals'}</span>
        </span>
        <span>
          {newCount > 0 ? (
            <Badge variant="pending" title={summary ?? undefined}>
              {newCount} new<span className="sr-only">: {summary}</span>
            </Badge>
          ) : (
            <span className="text-muted-foreground">
              <span aria-hidden className="hidden lg:inline">
                —
              </span>
              <span className="sr-only">Nothing new</span>
            </span>
          )}
        </span>
      </div>
      <div className="mt-3 flex flex-wrap justify-end gap-2 lg:mt-0">
        {job.status === 'OPEN' ? <ReferActions job={job} companyName={companyName} /> : null}
        {job.canManage ? <StatusAction job={job} /> : null}
      </div>
    </li>
  );
}

/** Every member refers or shares an open role: Refer finds candidates ranked for the job; Share spreads the link. */
function ReferActions({ job, companyName }: { job: CompanyJob; companyName: string }) {
  return (
    <>
      <Button asChild size="sm">
        <Link to={candidateSearchUrl.href({ jobId: job.id })}>
          <UserPlus aria-hidden />
          Refer
          <span className="sr-only"> someone for {job.title}</span>
        </Link>
      </Button>
      <ShareJobMenu job={{ id: job.id, title: job.title, companyName }} />
    </>
  );
}

const failed = (error: unknown) =>
  toast.error('Error', {
    description: errorMessage(error, 'Could not change the job. Try again.'),
  });

/**
 * Close asks first (the job leaves search and stops taking applications) and can be undone; reopening and
 * publishing a draft are immediate.
 */
function StatusAction({ job }: { job: CompanyJob }) {
  const setStatus = useSetJobStatus();
  const isDraft = job.status === 'DRAFT';
  // mutateAsync: each change moves the job to another tab, so this row unmounts before a mutate() callback would run
  // (the toast and its Undo outlive the row).
  const change = (status: 'OPEN' | 'CLOSED' | 'FILLED', done: () => void) =>
    void setStatus.mutateAsync({ id: job.id, status }).then(done, failed);
  const reopen = () =>
    change('OPEN', () =>
      isDraft
        ? toast.success(COMPANY_JOBS_MESSAGES.publishedTitle, {
            description: COMPANY_JOBS_MESSAGES.published(job.title),
          })
        : toast.success(COMPANY_JOBS_MESSAGES.reopenedTitle, {
            description: COMPANY_JOBS_MESSAGES.reopened(job.title),
          }),
    );
  const close = () =>
    change('CLOSED', () =>
      toast.success(COMPANY_JOBS_MESSAGES.closedTitle, {
        description: COMPANY_JOBS_MESSAGES.closed(job.title),
        action: { label: 'Undo', onClick: reopen },
      }),
    );
  const markFilled = () =>
    change('FILLED', () =>
      toast.success(COMPANY_JOBS_MESSAGES.filledTitle, {
        description: COMPANY_JOBS_MESSAGES.filled(job.title),
        action: { label: 'Undo', onClick: reopen },
      }),
    );

  if (job.status !== 'OPEN') {
    return (
      <Button variant="outline" size="sm" onClick={reopen} disabled={setStatus.isPending}>
        {isDraft
          ? setStatus.isPending
            ? 'Publishing...'
            : 'Publish'
          : setStatus.isPending
            ? 'Reopening...'
            : 'Reopen'}
        <span className="sr-only"> {job.title}</span>
      </Button>
    );
  }
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button variant="ghost" size="sm" onClick={markFilled} disabled={setStatus.isPending}>
        Mark filled
        <span className="sr-only"> {job.title}</span>
      </Button>
      <CloseButton job={job} pending={setStatus.isPending} onClose={close} />
    </div>
  );
}

function CloseButton({ job, pending, onClose }: { job: CompanyJob; pending: boolean; onClose: () => void }) {
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" disabled={pending}>
          Close
          <span className="sr-only"> {job.title}</span>
        </Button>
      }
      title="Close this job?"
      description={
        <>
          “{job.title}” will stop appearing in job search and will no longer accept applications or referrals. You can
          reopen it here at any time.
        </>
      }
      confirmLabel="Close Job"
      destructive
      onConfirm={onClose}
    />
  );
}
