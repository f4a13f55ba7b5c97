import { useQuery } from '@tanstack/react-query';
import {
  ArrowLeft,
  Briefcase,
  Building2,
  Calendar,
  CheckCircle2,
  DollarSign,
  ExternalLink,
  Gift,
  Globe,
  Mail,
  MapPin,
  Pencil,
  Users,
} from 'lucide-react';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { loginPath } from '@referwell/shared/rules/auth';
import { RESUME_PARAM, resumeActionOf, withResumeAction } from '@referwell/shared/rules/auth-forms';
import {
  COMPANY_JOBS_MESSAGES,
  EMPLOYMENT_TYPE_LABELS,
  JOB_MESSAGES,
  WORKPLACE_LABELS,
  type Job,
} from '@referwell/shared';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';
import { MessageButton } from '@/features/messaging/port';
import { ClaimCompanyCallout } from '@/features/companies/port';
import { formatDate, formatMoney } from '@/lib/format';
import { usePageTitle } from '@/lib/use-page-title';
import { isMissing } from '@/lib/api';
import { jobQueryOptions, useRecordJobVisit } from './api';
import { ApplyDialog } from './apply-dialog';
import { formatSalary, showWorkplace, splitLines } from './format';
import { JobStatusBadge } from './job-status-badge';
import { ShareJob } from './share-job';

function BackToJobs() {
  return (
    <Button asChild variant="ghost" className="mb-4 -ml-3">
      <Link to="/search-jobs">
        <ArrowLeft aria-hidden />
        Back to Jobs
      </Link>
    </Button>
  );
}

/**
 * What the job's team (`viewer.canEdit`) sees under the job. The referrals feature draws it (applicant tracking and
 * the team's comments); the app's route puts it in, so jobs and referrals never import each other.
 */
export type JobTeamPanels = ComponentType<{ job: Job }>;
/** The company's people refer someone for the job (the referrals feature's button, put in by the app). */
export type JobReferAction = ComponentType<{ jobId: string }>;

/** Job detail (/job/{id}, SPEC §2): public, with actions for job seekers and for the job's owners. */
export function JobDetailPage({ TeamPanels, ReferAction }: { TeamPanels: JobTeamPanels; ReferAction: JobReferAction }) {
  const { id = '' } = useParams();
  const { data: job, isPending, isError, error } = useQuery(jobQueryOptions(id));
  const notFound = isError && isMissing(error);
  usePageTitle(
    job ? `${job.title} at ${job.companyName}` : notFound ? JOB_MESSAGES.notFound : isError ? 'Error' : 'Job',
  );

  if (isPending) {
    return (
      <div className="flex justify-center py-24">
        <Spinner size="lg" label="Loading job details..." />
      </div>
    );
  }
  if (isError) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <Briefcase className="size-12 text-muted-foreground" aria-hidden />
        <h1 className="mt-4 text-2xl font-semibold">{notFound ? JOB_MESSAGES.notFound : 'Error'}</h1>
        <p className="mt-2 text-muted-foreground">
          {notFound ? 'This job may have been removed, or the link is mistyped.' : JOB_MESSAGES.loadFailed}
        </p>
        <Button asChild className="mt-8">
          <Link to="/search-jobs">
            <ArrowLeft aria-hidden />
            Back to Jobs
          </Link>
        </Button>
      </section>
    );
  }
  return <JobDetail job={job} TeamPanels={TeamPanels} ReferAction={ReferAction} />;
}

function JobDetail({
  job,
  TeamPanels,
  ReferAction,
}: {
  job: Job;
  TeamPanels: JobTeamPanels;
  ReferAction: JobReferAction;
}) {
  useRecordVisit(job);
  const responsibilities = job.responsibilities ? splitLines(job.responsibilities) : [];
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <BackToJobs />
      {/* One grid so the actions follow the summary on small screens and sit beside it on large ones. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <Card className="lg:col-start-1">
          <CardHeader className="gap-4">
            <div className="flex flex-wrap items-center gap-2">
              <JobStatusBadge status={job.status} />
            </div>
            <div className="min-w-0">
              <h1 className="text-3xl font-semibold tracking-tight break-words">{job.title}</h1>
              <p className="mt-2 flex items-center gap-1.5 text-lg">
                <Building2 className="size-5 text-muted-foreground" aria-hidden />
                <Link to={`/company/${job.companySlug}`} className="font-medium text-primary hover:underline">
                  {job.companyName}
                </Link>
              </p>
              {job.notOnReferwell ? (
                <>
                  <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                    <Badge variant="outline">{JOB_MESSAGES.notOnReferwell}</Badge>
                    {JOB_MESSAGES.notOnReferwellHint}
                  </p>
                  <div className="mt-4">
                    <ClaimCompanyCallout companySlug={job.companySlug} />
                  </div>
                </>
              ) : null}
            </div>
            <ul className="flex flex-wrap gap-2" aria-label="Job facts">
              <li>
                <Badge variant="outline" className="gap-1.5 py-1 text-sm font-normal">
                  <MapPin aria-hidden />
                  {job.location}
                </Badge>
              </li>
              {showWorkplace(job) ? (
                <li>
                  <Badge variant="outline" className="gap-1.5 py-1 text-sm font-normal">
                    <Globe aria-hidden />
                    {WORKPLACE_LABELS[job.workplace]}
                  </Badge>
                </li>
              ) : null}
              <li>
                <Badge variant="outline" className="gap-1.5 py-1 text-sm font-normal">
                  <Briefcase aria-hidden />
                  {EMPLOYMENT_TYPE_LABELS[job.employmentType]}
                </Badge>
              </li>
              {job.salaryRange ? (
                <li>
                  <Badge variant="outline" className="gap-1.5 py-1 text-sm font-normal">
                    <DollarSign aria-hidden />
                    {formatSalary(job.salaryRange)}
                  </Badge>
                </li>
              ) : null}
              {job.referralBonus ? (
                <li>
                  <Badge variant="accepted" className="gap-1.5 py-1 text-sm font-medium">
                    <Gift aria-hidden />
                    Referral bonus: {formatMoney(job.referralBonus.amount, job.referralBonus.currency)}
                  </Badge>
                </li>
              ) : null}
            </ul>
            <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
              <p className="flex items-center gap-1.5">
                <Calendar className="size-4" aria-hidden />
                Posted {formatDate(job.createdAt)}
              </p>
              {job.postedBy ? <p>Posted by {job.postedBy.name}</p> : null}
              {job.deadline ? <p>Apply by {formatDate(job.deadline)}</p> : null}
            </div>
            {job.skills.length > 0 ? (
              <ul className="flex flex-wrap gap-2" aria-label="Skills">
                {job.skills.map((skill) => (
                  <li key={skill}>
                    <Badge variant="secondary">{skill}</Badge>
                  </li>
                ))}
              </ul>
            ) : null}
          </CardHeader>
        </Card>

        <aside
          className="lg:sticky lg:top-24 lg:col-start-2 lg:row-span-3 lg:row-start-1 lg:self-start"
          aria-label="Actions"
        >
          <div className="grid gap-6">
            <JobActions job={job} ReferAction={ReferAction} />
            <ShareJob job={job} />
          </div>
        </aside>

        <Card className="lg:col-start-1">
          <CardContent className="grid gap-8 pt-6">
            <section aria-labelledby="job-description-heading">
              <h2 id="job-description-heading" className="mb-2 text-xl font-semibold">
                Description
              </h2>
              <p className="leading-relaxed whitespace-pre-line">{job.description}</p>
            </section>
            {responsibilities.length > 0 ? (
              <section aria-labelledby="job-responsibilities-heading">
                <h2 id="job-responsibilities-heading" className="mb-2 text-xl font-semibold">
                  Responsibilities
                </h2>
                <ul className="list-disc space-y-1 pl-5 leading-relaxed">
                  {responsibilities.map((line, index) => (
                    <li key={index}>{line}</li>
                  ))}
                </ul>
              </section>
            ) : null}
            <section aria-labelledby="job-requirements-heading">
              <h2 id="job-requirements-heading" className="mb-2 text-xl font-semibold">
                Requirements
              </h2>
              <p className="leading-relaxed whitespace-pre-line">{job.requirements}</p>
            </section>
            <section aria-labelledby="job-apply-heading">
              <h2 id="job-apply-heading" className="mb-2 text-xl font-semibold">
                How to Apply
              </h2>
              <HowToApply job={job} />
            </section>
          </CardContent>
        </Card>
      </div>
      {/* Outside the grid, so the sticky actions column never covers the wide tables. */}
      {job.viewer.canEdit ? (
        <div className="mt-6 grid gap-6">
          <TeamPanels job={job} />
        </div>
      ) : null}
    </div>
  );
}

/** A member of the job's company opened it: the jobs board stops counting what is here as new. */
function useRecordVisit(job: Job) {
  const { company } = useSession();
  const { mutate } = useRecordJobVisit();
  const isMember = company?.id === job.companyId;
  useEffect(() => {
    if (isMember) mutate(job.id);
  }, [isMember, job.id, mutate]);
}

function HowToApply({ job }: { job: Job }) {
  if (!job.applicationUrl && !job.contactEmail) {
    return <p className="text-muted-foreground">Use the Apply Now button to apply.</p>;
  }
  return (
    <ul className="grid gap-2">
      {job.applicationUrl ? (
        <li>
          <a
            href={job.applicationUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1.5 font-medium break-all text-primary hover:underline"
          >
            Apply on the company website
            <ExternalLink className="size-4 shrink-0" aria-hidden />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </li>
      ) : null}
      {job.contactEmail ? (
        <li>
          <a
            href={`mailto:${job.contactEmail}`}
            className="inline-flex items-center gap-1.5 font-medium break-all text-primary hover:underline"
          >
            <Mail className="size-4 shrink-0" aria-hidden />
            {job.contactEmail}
          </a>
        </li>
      ) : null}
    </ul>
  );
}

/** Where the seeker stands has been settled: no Apply Now (a referral or an application is already under way). */
const SETTLED_STATES = new Set(['referral_to_confirm', 'referred', 'applied', 'in_process', 'hired', 'not_selected']);

/**
 * Apply Now that a visitor started before logging in or signing up (`?resume=apply`): the apply dialog opens once the
 * job seeker is back, and the marker leaves the address.
 */
function useResumedApply(job: Job, jobseeker: boolean): boolean {
  const [params, setParams] = useSearchParams();
  const resume = resumeActionOf(params) === 'apply';
  useEffect(() => {
    if (!resume || !jobseeker) return;
    setParams(
      (next) => {
        next.delete(RESUME_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [jobseeker, resume, setParams]);
  return resume && jobseeker && job.viewer.canApply && !job.viewer.hasApplied;
}

function JobActions({ job, ReferAction }: { job: Job; ReferAction: JobReferAction }) {
  const { user, isLoading } = useSession();
  const resumeApply = useResumedApply(job, user?.type === 'jobseeker');
  const [applying, setApplying] = useState(false);
  const [resumed, setResumed] = useState(false);
  if (resumeApply && !resumed) {
    setResumed(true);
    setApplying(true);
  }
  const referrersLink = `/company/${job.companySlug}/referrers?${new URLSearchParams({ jobId: job.id })}`;
  const status = job.viewerStatus;

  let actions: ReactNode = null;
  if (job.applyAt) {
    // A company not on Referwell yet (issue 38): applications go to the posting at its source; nobody to ask here yet.
    actions =
      job.status === 'OPEN' ? (
        <Button asChild className="w-full">
          <a href={job.applyAt} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden />
            {JOB_MESSAGES.applyAtSourceButton}
          </a>
        </Button>
      ) : null;
  } else if (isLoading) {
    actions = null;
  } else if (!user) {
    // Both ask the visitor to log in or sign up and come back: to this job with Apply open, or to its referrers.
    actions =
      job.status === 'OPEN' ? (
        <>
          <Button asChild className="w-full">
            <Link to={loginPath(withResumeAction(`/job/${job.id}`, 'apply'))}>Apply Now</Link>
          </Button>
          <Button asChild variant="outline" className="w-full">
            <Link to={referrersLink}>
              <Users aria-hidden />
              Find A Referrer
            </Link>
          </Button>
        </>
      ) : null;
  } else if (user.type === 'jobseeker') {
    const applied = job.viewer.hasApplied;
    const settled = SETTLED_STATES.has(status.state);
    // When the company rewards referrals and nothing is under way, asking comes first and applying second.
    const askFirst = status.askFirst;
    const findReferrer = (
      <Button asChild variant={askFirst ? 'default' : 'outline'} className="w-full">
        <Link to={referrersLink}>
          <Users aria-hidden />
          Find A Referrer
        </Link>
      </Button>
    );
    actions = (
      <>
        {askFirst ? findReferrer : null}
        {settled ? (
          status.referral && status.state === 'referral_to_confirm' ? (
            <Button asChild className="w-full">
              <Link to={`/referrer-dashboard/referrals/${status.referral.id}`}>Review referral</Link>
            </Button>
          ) : null
        ) : job.status === 'OPEN' || applied ? (
          <>
            <Button
              className="w-full"
              variant={askFirst || status.state === 'requested' ? 'outline' : 'default'}
              onClick={() => setApplying(true)}
              disabled={applied || !job.viewer.canApply}
            >
              {applied ? (
                <>
                  <CheckCircle2 aria-hidden />
                  Applied
                </>
              ) : (
                'Apply Now'
              )}
            </Button>
          </>
        ) : null}
        {/* Stays mounted after applying (the job then reads as settled), for its toast and self-identification step. */}
        <ApplyDialog job={job} open={applying} onOpenChange={setApplying} />
        {!askFirst && !settled ? findReferrer : null}
        {job.postedBy ? (
          <MessageButton
            userId={job.postedBy.id}
            context={{ jobId: job.id }}
            subject={job.title}
            label={`Message ${job.postedBy.name}`}
            className="w-full"
          />
        ) : null}
      </>
    );
  } else if (status.state === 'team' || status.state === 'colleague') {
    actions = job.status === 'OPEN' ? <ReferAction jobId={job.id} /> : null;
  }

  // Where the viewer stands ("Priya referred you. No need to apply.") and the company's rule in words.
  const standing =
    status.headline || status.rule ? (
      <div className="grid gap-1 text-sm" role="status" aria-label="Where you stand">
        {status.headline ? <p className="font-medium">{status.headline}</p> : null}
        {status.detail ? <p className="text-muted-foreground">{status.detail}</p> : null}
        {status.rule ? <p className="text-muted-foreground">{status.rule}</p> : null}
      </div>
    ) : null;

  const closedNote =
    job.status !== 'OPEN' ? (
      <Alert role="status">
        <AlertDescription>
          {job.status === 'DRAFT' ? COMPANY_JOBS_MESSAGES.draftNote : JOB_MESSAGES.jobClosed}
        </AlertDescription>
      </Alert>
    ) : null;

  // Pay transparency (issue 36), for the job's team only: the laws that ask for a range, a held import, an exemption.
  const pay = job.payTransparency;
  const payNote =
    pay && (pay.heldReason || pay.exemptReason || pay.rules.length > 0) ? (
      <div className="grid gap-1 text-sm" role="note" aria-label="Pay transparency">
        {pay.heldReason ? <p className="font-medium">{pay.heldReason}</p> : null}
        {pay.exemptReason ? (
          <p>
            <span className="font-medium">{JOB_MESSAGES.payExemptTitle}:</span> {pay.exemptReason}
          </p>
        ) : pay.rules.length > 0 && !pay.heldReason ? (
          <p className="text-muted-foreground">
            {JOB_MESSAGES.payRulesNote(pay.rules.map((rule) => rule.name).join(', '))}
          </p>
        ) : null}
      </div>
    ) : null;

  const editButton = job.viewer.canEdit ? (
    <Button asChild variant="outline" className="w-full">
      <Link to={`/job/${job.id}/edit`}>
        <Pencil aria-hidden />
        Edit Job
      </Link>
    </Button>
  ) : null;

  if (!actions && !closedNote && !editButton && !standing && !payNote) return null;
  return (
    <Card>
      <CardContent className="grid gap-3 pt-6">
        {closedNote}
        {payNote}
        {standing}
        {actions}
        {editButton}
      </CardContent>
    </Card>
  );
}
