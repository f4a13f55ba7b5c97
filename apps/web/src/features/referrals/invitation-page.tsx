import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, LinkIcon, X } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import {
  claimProfileSchema,
  REFERRAL_MESSAGES,
  type ClaimProfileForm,
  type ReferralInvitation,
} from '@referwell/shared';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { NewPasswordField } from '@/features/auth/port';
import { errorMessage } from '@/lib/api';
import { isMissing } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { sessionQueryOptions } from '@/lib/session';
import { scopedToast } from '@/lib/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { invitationQueryOptions, useAnswerInvitation, useClaimInvitation } from './api';
import { CenteredState } from './referral-parts';

const toast = scopedToast('invitation-page');

/**
 * The page behind the link mailed to a person referred by their details (/referral-invitation/{token}): each
 * referral with the note meant for them and the company's rule, Confirm or Decline (nothing reaches the company
 * before they confirm), and a password to keep the profile. Once claimed, the link only says to log in.
 */
export function ReferralInvitationPage() {
  const { token = '' } = useParams();
  usePageTitle(REFERRAL_MESSAGES.invitationTitle);
  const { data, isPending, isError, error, refetch } = useQuery(invitationQueryOptions(token));
  if (isPending)
    return (
      <div className="flex justify-center py-24">
        <Spinner size="lg" label="Loading your referral..." />
      </div>
    );
  if (isError)
    return isMissing(error) ? (
      <CenteredState
        icon={<LinkIcon />}
        title="This link does not work"
        action={
          <Button asChild>
            <Link to="/login">Log in</Link>
          </Button>
        }
      >
        {REFERRAL_MESSAGES.invitationInvalid}
      </CenteredState>
    ) : (
      <div className="mx-auto max-w-2xl px-4 py-12">
        <LoadError title="Could not load your referral" message={error.message} onRetry={() => void refetch()} />
      </div>
    );
  if (data.claimed)
    return (
      <CenteredState
        icon={<Check />}
        title={`Welcome back, ${data.name}`}
        action={
          <Button asChild>
            <Link to="/login?returnTo=/jobseeker-dashboard">Log in</Link>
          </Button>
        }
      >
        {REFERRAL_MESSAGES.invitationClaimed}
      </CenteredState>
    );
  return <Invitation token={token} invitation={data} />;
}

function Invitation({ token, invitation }: { token: string; invitation: ReferralInvitation }) {
  const answer = useAnswerInvitation(token);
  const decide = (referralId: string, decision: 'confirm' | 'decline') =>
    answer.mutate(
      { referralId, decision },
      {
        onSuccess: () =>
          toast.success(
            decision === 'confirm' ? REFERRAL_MESSAGES.invitationConfirmed : REFERRAL_MESSAGES.invitationDeclined,
          ),
        onError: (error) => toast.error('Error', { description: errorMessage(error, 'Please try again.') }),
      },
    );
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-8 sm:px-6">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight">Hi {invitation.name}, you were referred</h1>
        <p className="mt-1 text-muted-foreground">
          Nothing is sent to a company until you confirm. You do not need to apply as well.
        </p>
      </header>
      {invitation.referrals.length === 0 ? (
        <p className="text-muted-foreground">There is no referral to answer.</p>
      ) : (
        <ul className="grid gap-4" aria-label="Your referrals">
          {invitation.referrals.map((referral) => (
            <li key={referral.id}>
              <Card aria-label={`${referral.jobTitle} at ${referral.companyName}`}>
                <CardHeader>
                  <CardTitle as="h2">
                    {referral.jobTitle} at {referral.companyName}
                  </CardTitle>
                  <CardDescription>
                    {referral.referrerName ?? 'A referrer'} referred you on {formatDate(referral.createdAt)}.
                  </CardDescription>
                </CardHeader>
                <CardContent className="grid gap-3">
                  {referral.candidateNote ? (
                    <blockquote className="border-l-2 pl-3 whitespace-pre-line">{referral.candidateNote}</blockquote>
                  ) : null}
                  <p className="text-sm text-muted-foreground">{referral.rule}</p>
                  {referral.consent === 'confirmed' ? (
                    <p className="font-medium" role="status">
                      {REFERRAL_MESSAGES.invitationConfirmed}
                    </p>
                  ) : referral.consent === 'declined' ? (
                    <p className="font-medium" role="status">
                      {REFERRAL_MESSAGES.invitationDeclined}
                    </p>
                  ) : null}
                </CardContent>
                {referral.consent === 'pending' ? (
                  <CardFooter className="flex-wrap gap-2">
                    <Button onClick={() => decide(referral.id, 'confirm')} disabled={answer.isPending}>
                      <Check aria-hidden />
                      Confirm referral
                    </Button>
                    <Button
                      variant="outline"
                      onClick={() => decide(referral.id, 'decline')}
                      disabled={answer.isPending}
                    >
                      <X aria-hidden />
                      Decline
                    </Button>
                  </CardFooter>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
      <ClaimCard token={token} invitation={invitation} />
    </div>
  );
}

function ClaimCard({ token, invitation }: { token: string; invitation: ReferralInvitation }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const claim = useClaimInvitation(token);
  const form = useForm<ClaimProfileForm, unknown, z.output<typeof claimProfileSchema>>({
    resolver: zodResolver(claimProfileSchema),
    defaultValues: { password: '', discoverable: false },
  });
  const password = useWatch({ control: form.control, name: 'password' });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{REFERRAL_MESSAGES.claimTitle}</CardTitle>
        <CardDescription>{REFERRAL_MESSAGES.claimHint}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          form={form}
          className="grid gap-4"
          onValid={(values) =>
            claim.mutate(values, {
              onSuccess: async () => {
                await queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
                toast.success(REFERRAL_MESSAGES.claimed);
                void navigate('/jobseeker-dashboard');
              },
              onError: (error) => toast.error('Error', { description: errorMessage(error, 'Please try again.') }),
            })
          }
        >
          <p className="text-sm">
            Your e-mail: <span className="font-medium wrap-anywhere">{invitation.email}</span>
          </p>
          <NewPasswordField
            id="claim-password"
            label="Password"
            registration={form.register('password')}
            password={password}
            email={invitation.email}
            error={form.formState.errors.password?.message}
          />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-primary" {...form.register('discoverable')} />
            Let companies find my profile in candidate search
          </label>
          <Button type="submit" className="w-fit" disabled={claim.isPending}>
            {claim.isPending ? 'Saving...' : 'Set password'}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
