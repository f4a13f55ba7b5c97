import { Briefcase, Building2, Calendar, Check, UserRound, X } from 'lucide-react';
import { Link } from 'react-router';
import { scopedToast } from '@/lib/toast';
import { CANDIDATE_STAGE_LABELS, REFERRAL_MESSAGES, type Referral } from '@referwell/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { useAnswerConsent } from './api';
import { DetailRow } from './referral-parts';

const toast = scopedToast('candidate-referral-view');

/**
 * The referral as its candidate sees it: their job, who referred them, the referrer's note and the consent
 * question. The server sends them no bonus or internal fields, and none of the referrer's controls show here.
 */
export function CandidateReferralView({ referral }: { referral: Referral }) {
  const referrer = referral.referrer;
  return (
    <>
      <header className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-semibold tracking-tight break-words">
            {referrer ? `${referrer.name} referred you` : 'You were referred'}
          </h1>
          <p className="mt-1 text-muted-foreground">
            For {referral.jobTitle} at {referral.companyName}
          </p>
        </div>
        <Badge variant="secondary">{CANDIDATE_STAGE_LABELS[referral.stage]}</Badge>
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Your referral</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-6">
            <dl className="grid gap-4 sm:grid-cols-2">
              <DetailRow icon={<Briefcase />} label="Job">
                <Link to={`/job/${referral.jobId}`} className="font-medium text-primary hover:underline">
                  {referral.jobTitle}
                </Link>
              </DetailRow>
              <DetailRow icon={<Building2 />} label="Company">
                {referral.companyName}
              </DetailRow>
              <DetailRow icon={<UserRound />} label="Referrer">
                {referrer ? (
                  <Link to={`/referrer-profile/${referrer.id}`} className="font-medium text-primary hover:underline">
                    {referrer.name}
                  </Link>
                ) : (
                  'Former member'
                )}
              </DetailRow>
              <DetailRow icon={<Calendar />} label="Referred on">
                {formatDate(referral.createdAt)}
              </DetailRow>
            </dl>
            <section>
              <h3 className="mb-2 font-semibold">{referrer ? `${referrer.name}'s note` : "The referrer's note"}</h3>
              {referral.candidateNote ? (
                <p className="leading-relaxed whitespace-pre-line">{referral.candidateNote}</p>
              ) : (
                <p className="text-muted-foreground">No note was added.</p>
              )}
            </section>
            {referral.candidateMessage ? (
              <section>
                <h3 className="mb-2 font-semibold">Your request message</h3>
                <p className="leading-relaxed whitespace-pre-line text-muted-foreground">{referral.candidateMessage}</p>
              </section>
            ) : null}
          </CardContent>
        </Card>
        <div className="order-first lg:order-none lg:self-start">
          {referral.viewer.canAnswerConsent ? (
            <ConsentCard referral={referral} />
          ) : (
            <ConsentState referral={referral} />
          )}
        </div>
      </div>
    </>
  );
}

function ConsentState({ referral }: { referral: Referral }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Your answer</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-muted-foreground">
          {referral.consent === 'declined'
            ? 'You declined this referral.'
            : `You confirmed this referral. ${referral.companyName} can consider you for ${referral.jobTitle}.`}
        </p>
      </CardContent>
    </Card>
  );
}

function ConsentCard({ referral }: { referral: Referral }) {
  const answer = useAnswerConsent(referral.id);
  // mutateAsync: answering swaps this card for the answer, and a mutate() callback would not run after unmount.
  const decide = (decision: 'confirm' | 'decline') =>
    answer.mutateAsync(decision).then(
      () =>
        toast.success(decision === 'confirm' ? 'Referral confirmed' : 'Referral declined', {
          description: decision === 'confirm' ? REFERRAL_MESSAGES.consentConfirmed : REFERRAL_MESSAGES.consentDeclined,
        }),
      (error: unknown) =>
        toast.error('Error', {
          description: errorMessage(error, 'Failed to save your answer. Please try again.'),
        }),
    );
  return (
    <Card className="border-primary/40">
      <CardHeader>
        <CardTitle as="h2">Do you want to be put forward?</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          {referral.referrer?.name ?? 'A referrer'} referred you for {referral.jobTitle} at {referral.companyName}.
          Confirm to go ahead, or decline to stop this referral.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void decide('confirm')} disabled={answer.isPending}>
            <Check aria-hidden />
            Confirm
          </Button>
          <Button variant="outline" onClick={() => void decide('decline')} disabled={answer.isPending}>
            <X aria-hidden />
            Decline
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
