import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { scopedToast } from '@/lib/toast';
import { JOB_MESSAGES, type Job, type JobInput } from '@referwell/shared';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/lib/use-page-title';
import { isMissing } from '@/lib/api';
import { jobQueryOptions, useSetJobStatus, useUpdateJob } from './api';
import { JobFormFields, jobToForm, reportSaveError, useJobForm } from './job-form';

const toast = scopedToast('edit-job-page');

/** Edit a job (/job/{id}/edit): the Post a New Job form, prefilled, saving with PUT; plus Close Job. */
export function EditJobPage() {
  const { id = '' } = useParams();
  const { data: job, isPending, isError, error, refetch } = useQuery(jobQueryOptions(id));
  usePageTitle(job ? `Edit ${job.title}` : 'Edit Job');

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:px-8">
      <Button asChild variant="ghost" className="mb-4 -ml-3">
        <Link to={`/job/${id}`}>
          <ArrowLeft aria-hidden />
          Back to Job
        </Link>
      </Button>
      <h1 className="mb-8 text-3xl font-semibold tracking-tight">Edit Job</h1>
      {isPending ? (
        <div className="flex justify-center py-16">
          <Spinner size="lg" label="Loading job..." />
        </div>
      ) : isError ? (
        <Alert variant="destructive">
          <AlertTitle>Error</AlertTitle>
          <AlertDescription>
            <p>{isMissing(error) ? JOB_MESSAGES.notFound : JOB_MESSAGES.loadFailed}</p>
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : !job.viewer.canEdit ? (
        <Alert role="status">
          <AlertTitle>You cannot edit this job</AlertTitle>
          <AlertDescription>{JOB_MESSAGES.notAllowedToEdit}</AlertDescription>
        </Alert>
      ) : (
        <EditJobForm job={job} />
      )}
    </div>
  );
}

function EditJobForm({ job }: { job: Job }) {
  const navigate = useNavigate();
  const form = useJobForm(jobToForm(job));
  const update = useUpdateJob(job.id);
  const close = useSetJobStatus();

  const onSubmit = (values: JobInput) =>
    update.mutate(values, {
      onSuccess: () => {
        toast.success('Job Updated', { description: 'Your changes have been saved.' });
        void navigate(`/job/${job.id}`);
      },
      onError: (error) => reportSaveError(form, error),
    });

  const onClose = () =>
    close.mutate(
      { id: job.id, status: 'CLOSED' },
      {
        onSuccess: () => {
          toast.success('Job Closed', { description: 'The job no longer accepts applications.' });
          void navigate(`/job/${job.id}`);
        },
        onError: (error) => toast.error('Error', { description: error.message || 'Failed to close the job.' }),
      },
    );

  return (
    <Card>
      <CardContent className="pt-6">
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-8">
          <JobFormFields form={form} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center">
            {job.status === 'OPEN' ? (
              <ConfirmDialog
                trigger={
                  <Button type="button" variant="destructive" disabled={close.isPending} className="sm:mr-auto">
                    {close.isPending ? 'Closing...' : 'Close Job'}
                  </Button>
                }
                title="Close this job?"
                description={
                  <>“{job.title}” will stop appearing in job search and will no longer accept applications.</>
                }
                confirmLabel="Close Job"
                destructive
                onConfirm={onClose}
              />
            ) : (
              <p className="text-sm text-muted-foreground sm:mr-auto">This job is closed.</p>
            )}
            <Button asChild variant="outline">
              <Link to={`/job/${job.id}`}>Cancel</Link>
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
