import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Check, Inbox, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { scopedToast } from '@/lib/toast';
import type { z } from 'zod';
import { declineReferralRequestSchema, REFERRAL_MESSAGES, type ReferralRequest } from '@referwell/shared';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form, FormField } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useSession } from '@/lib/session';
import { isRefusal } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { usePageTitle } from '@/lib/use-page-title';
import { referralRequestsQueryOptions, useDeclineReferralRequest, type RequestBox } from './api';
import { AcceptRequestDialog } from './accept-request-dialog';
import { GoBackButton, MessageLink, StatusBadge } from './referral-parts';

const toast = scopedToast('referral-requests-page');

const errorText = (error: unknown) => (isRefusal(error) ? error.message : 'Something went wrong. Please try again.');

/**
 * Referral requests (/referral-requests): a referrer's incoming requests to answer, or the
 * job seeker's own requests with their status and any decline reason.
 */
export function ReferralRequestsPage() {
  const { user } = useSession();
  const box: RequestBox = user?.type === 'jobseeker' ? 'sent' : 'received';
  usePageTitle(box === 'sent' ? 'Your referral requests' : 'Referral requests');
  const { data, isPending, isError, error, refetch } = useQuery(referralRequestsQueryOptions(box));
  const [declining, setDeclining] = useState<ReferralRequest | null>(null);
  const [accepting, setAccepting] = useState<ReferralRequest | null>(null);

  const dashboard = box === 'sent' ? '/jobseeker-dashboard' : '/referrer-dashboard';
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      <GoBackButton variant="ghost" className="mb-4 -ml-3" label="Back to Dashboard" fallback={dashboard} />
      <header className="mb-6">
        <h1 className="text-3xl font-semibold tracking-tight">
          {box === 'sent' ? 'Your referral requests' : 'Referral requests'}
        </h1>
        <p className="mt-1 text-muted-foreground">
          {box === 'sent'
            ? 'The referrals you asked for and where each one stands.'
            : 'Job seekers who asked you for a referral. Accepting refers them for the job.'}
        </p>
      </header>
      {isPending ? (
        <div className="flex justify-center py-16">
          <Spinner size="lg" label="Loading referral requests..." />
        </div>
      ) : isError ? (
        <LoadError title="Could not load the requests" message={error.message} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <Inbox className="size-10 text-muted-foreground" aria-hidden />
            <p className="text-muted-foreground">
              {box === 'sent' ? REFERRAL_MESSAGES.noRequests : 'No referral requests yet'}
            </p>
            {box === 'sent' ? (
              <Button asChild variant="outline" size="sm">
                <Link to="/search-jobs">Find a job</Link>
              </Button>
            ) : null}
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-4" aria-label="Referral requests">
          {data.map((request) => (
            <li key={request.id}>
              {box === 'sent' ? (
                <SentRequest request={request} />
              ) : (
                <ReceivedRequest
                  request={request}
                  onAccept={() => setAccepting(request)}
                  onDecline={() => setDeclining(request)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      <AcceptRequestDialog request={accepting} onClose={() => setAccepting(null)} />
      <DeclineDialog request={declining} onClose={() => setDeclining(null)} />
    </div>
  );
}

function RequestHeader({ request, person }: { request: ReferralRequest; person: ReactNode }) {
  return (
    <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h2 className="text-lg font-semibold break-words">{person}</h2>
        <p className="text-sm text-muted-foreground">
          <Link to={`/job/${request.jobId}`} className="text-primary hover:underline">
            {request.jobTitle}
          </Link>{' '}
          · {request.companyName} · {formatDate(request.createdAt)}
        </p>
      </div>
      <StatusBadge status={request.status} />
    </CardHeader>
  );
}

function ReceivedRequest({
  request,
  onAccept,
  onDecline,
}: {
  request: ReferralRequest;
  onAccept: () => void;
  onDecline: () => void;
}) {
  return (
    <Card aria-label={`Request from ${request.talent.name}`}>
      <RequestHeader
        request={request}
        person={
          <Link to={`/view-talent-profile/${request.talent.id}`} className="text-primary hover:underline">
            {request.talent.name}
          </Link>
        }
      />
      <CardContent className="grid gap-2">
        <h3 className="text-sm font-medium text-muted-foreground">Their message</h3>
        <p className="leading-relaxed whitespace-pre-line">{request.message}</p>
        {request.status === 'rejected' && request.declineReason ? (
          <p className="text-sm text-muted-foreground">Your reason: {request.declineReason}</p>
        ) : null}
      </CardContent>
      <CardFooter className="flex-wrap">
        {request.status === 'pending' ? (
          <>
            <Button onClick={onAccept}>
              <Check aria-hidden />
              Accept
            </Button>
            <Button variant="outline" onClick={onDecline}>
              <X aria-hidden />
              Decline
            </Button>
          </>
        ) : null}
        {request.referralId ? (
          <Button asChild variant="outline">
            <Link to={`/referrer-dashboard/referrals/${request.referralId}`}>View Referral</Link>
          </Button>
        ) : null}
        <MessageLink userId={request.talent.id} context={{ jobId: request.jobId }} subject={request.jobTitle} />
      </CardFooter>
    </Card>
  );
}

function SentRequest({ request }: { request: ReferralRequest }) {
  return (
    <Card aria-label={`Request to ${request.referrer.name}`}>
      <RequestHeader request={request} person={`To ${request.referrer.name}`} />
      <CardContent className="grid gap-2">
        <p className="leading-relaxed whitespace-pre-line text-muted-foreground">{request.message}</p>
        {request.status === 'rejected' ? (
          <p className="text-sm">
            <span className="font-medium">Declined</span>
            {request.declineReason ? `: ${request.declineReason}` : ' without a reason.'}
          </p>
        ) : null}
      </CardContent>
      <CardFooter className="flex-wrap">
        {request.referralId ? (
          <Button asChild variant="outline">
            <Link to={`/referrer-dashboard/referrals/${request.referralId}`}>View Referral</Link>
          </Button>
        ) : null}
        <MessageLink
          userId={request.referrer.id}
          label={`Message ${request.referrer.name}`}
          context={{ jobId: request.jobId }}
          subject={request.jobTitle}
        />
      </CardFooter>
    </Card>
  );
}

function DeclineDialog({ request, onClose }: { request: ReferralRequest | null; onClose: () => void }) {
  const decline = useDeclineReferralRequest();
  const form = useForm<
    z.input<typeof declineReferralRequestSchema>,
    unknown,
    z.output<typeof declineReferralRequestSchema>
  >({
    resolver: zodResolver(declineReferralRequestSchema),
    defaultValues: { reason: '' },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const onValid = ({ reason }: z.output<typeof declineReferralRequestSchema>) => {
    if (!request) return;
    decline.mutate(
      { id: request.id, reason },
      {
        onSuccess: () => {
          toast.success('Request declined', { description: `${request.talent.name} will be told.` });
          close();
        },
        onError: (error) => toast.error('Error', { description: errorText(error) }),
      },
    );
  };
  return (
    <Dialog open={request !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent className="sm:max-w-[500px]">
        <Form form={form} onValid={onValid} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Decline referral request</DialogTitle>
            <DialogDescription>
              {request ? `${request.talent.name} asked about ${request.jobTitle}. ` : null}
              You can tell them why; they will see your reason.
            </DialogDescription>
          </DialogHeader>
          <FormField label="Reason (optional)" error={form.formState.errors.reason?.message}>
            {(control) => <Textarea {...control} rows={4} maxLength={1000} {...form.register('reason')} />}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={decline.isPending}>
              {decline.isPending ? 'Declining...' : 'Decline Request'}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
