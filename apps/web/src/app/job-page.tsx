import { JobDetailPage } from '@/features/jobs/job-detail-page';
import { JobTeamPanels, ReferSomeoneButton } from '@/features/referrals/port';

/**
 * /job/:id: the jobs feature's detail page with the referrals feature's panels for the job's team. Composed here,
 * above both features, so neither imports the other.
 */
export function JobPage() {
  return <JobDetailPage TeamPanels={JobTeamPanels} ReferAction={ReferForJob} />;
}

function ReferForJob({ jobId }: { jobId: string }) {
  return <ReferSomeoneButton jobId={jobId} variant="outline" className="w-full" />;
}
