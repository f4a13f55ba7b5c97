import type { Job } from '@referwell/shared';
import { ApplicantTracking } from './applicant-tracking';
import { JobComments } from './job-comments';

/** What a job's team works with under the job's detail page: its candidates and the team's comments. */
export function JobTeamPanels({ job }: { job: Job }) {
  return (
    <>
      <ApplicantTracking job={job} />
      <JobComments jobId={job.id} />
    </>
  );
}
