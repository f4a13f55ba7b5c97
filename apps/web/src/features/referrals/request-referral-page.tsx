import { useQuery } from '@tanstack/react-query';
import { Briefcase, Building2, FileQuestion, Send, User } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { scopedToast } from '@/lib/toast';
import type { z } from 'zod';
import { createReferralRequestSchema, REFERRAL_MESSAGES, type CreateReferralRequest } from '@referwell/shared';
import { LoadError } from '@/components/load-error';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { Form, FormField } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useSession } from '@/lib/session';
import { jobQueryOptions } from '@/features/jobs/port';
import { fieldErrors, isMissing, isRefusal } from '@/lib/api';
import { usePageTitle } from '@/lib/use-page-title';
import { useCreateReferralRequest } from './api';
import { CenteredState, DetailRow, GoBackButton } from './referral-parts';

const toast = scopedToast('request-referral-page');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Request a Referral (/request-referral?jobId&referrerId&referrerName, SPEC §2, §5, §8). */
export function RequestReferralPage() {
  usePageTitle('Request a Referral');
  const [searchParams] = useSearchParams();
  const jobId = searchParams.get('jobId')?.trim() ?? '';
  const referrerId = searchParams.get('referrerId')?.trim() ?? '';
  const referrerName = searchParams.get('referrerName')?.trim() ?? '';

  if (!UUID.test(jobId) || !UUID.test(referrerId) || !referrerName) {
    return (
      <CenteredState
        icon={<FileQuestion />}
        title="Request a Referral"
        action={<GoBackButton fallback="/search-jobs" />}
      >
        {REFERRAL_MESSAGES.missingRequestInfo}
      </CenteredState>
    );
  }
  return <RequestReferralForm jobId={jobId} referrerId={referrerId} referrerName={referrerName} />;
}

function RequestReferralForm({
  jobId,
  referrerId,
  referrerName,
}: {
  jobId: string;
  referrerId: string;
  referrerName: string;
}) {
  const navigate = useNavigate();
  const { user } = useSession();
  const job = useQuery(jobQueryOptions(jobId));
  const send = useCreateReferralRequest();
  const form = useForm<CreateReferralRequest, unknown, z.output<typeof createReferralRequestSchema>>({
    resolver: zodResolver(createReferralRequestSchema),
    defaultValues: { jobId, referrerId, message: '' },
  });
  const messageError = form.formState.errors.message?.message;

  if (job.isPending) {
    return (
      <div className="flex justify-center py-24">
        <Spinner size="lg" label="Loading job details..." />
      </div>
    );
  }
  if (job.isError && isMissing(job.error)) {
    return (
      <CenteredState
        icon={<FileQuestion />}
        title="Request a Referral"
        action={<GoBackButton fallback="/search-jobs" />}
      >
        {REFERRAL_MESSAGES.missingRequestInfo}
      </CenteredState>
    );
  }

  const onValid = (request: z.output<typeof createReferralRequestSchema>) =>
    send.mutate(request, {
      onSuccess: () => {
        toast.success(REFERRAL_MESSAGES.requestSentTitle, { description: REFERRAL_MESSAGES.requestSent });
        void navigate('/jobseeker-dashboard');
      },
      onError: (error) => {
        const { message } = fieldErrors(error);
        if (message) form.setError('message', { message });
        // A refusal the person can act on (a duplicate, a closed job) is shown as the server words it.
        const known = isRefusal(error) && error.status !== 429;
        toast.error(REFERRAL_MESSAGES.requestFailedTitle, {
          description: known ? error.message : REFERRAL_MESSAGES.requestFailed,
        });
      },
    });

  const notJobseeker = user && user.type !== 'jobseeker';
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6">
      <GoBackButton variant="ghost" className="mb-4 -ml-3" label="Back" fallback="/search-jobs" />
      <Card>
        <Form form={form} onValid={onValid}>
          <CardHeader>
            <h1 className="text-2xl font-semibold tracking-tight">Request a Referral</h1>
            <CardDescription>
              Tell {referrerName} why you are a good fit. They decide whether to refer you.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            {job.isError ? (
              <LoadError
                title="Could not load the job"
                message={job.error.message}
                onRetry={() => void job.refetch()}
              />
            ) : (
              <dl className="grid gap-3 rounded-lg border border-border bg-muted/40 p-4 text-sm">
                <DetailRow icon={<Briefcase />} label="Position">
                  <Link to={`/job/${job.data.id}`} className="font-medium text-primary hover:underline">
                    {job.data.title}
                  </Link>
                </DetailRow>
                <DetailRow icon={<Building2 />} label="Company">
                  {job.data.companyName}
                </DetailRow>
                <DetailRow icon={<User />} label="Referrer">
                  {referrerName}
                </DetailRow>
              </dl>
            )}
            {notJobseeker ? (
              <Alert role="status">
                <AlertDescription>{REFERRAL_MESSAGES.onlyJobseekersRequest}</AlertDescription>
              </Alert>
            ) : null}
            <FormField label="Message" error={messageError}>
              {(control) => (
                <Textarea
                  {...control}
                  rows={6}
                  maxLength={2000}
                  placeholder={`Hi ${referrerName}, I'm interested in this role because...`}
                  {...form.register('message')}
                />
              )}
            </FormField>
          </CardContent>
          <CardFooter className="justify-end">
            <Button type="submit" disabled={send.isPending || !!notJobseeker}>
              <Send aria-hidden />
              {send.isPending ? 'Sending...' : 'Send Referral Request'}
            </Button>
          </CardFooter>
        </Form>
      </Card>
    </div>
  );
}
