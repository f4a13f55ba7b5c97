import { useQuery } from '@tanstack/react-query';
import {
  Briefcase,
  Building2,
  Calendar,
  Check,
  Clock,
  FileQuestion,
  Gift,
  History,
  MapPin,
  Star,
  User,
  UserRound,
  X,
} from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import {
  REFERRAL_MESSAGES,
  REFERRAL_STATUS_LABELS,
  REFERRAL_STATUSES,
  type Referral,
  type ReferralStatus,
} from '@referwell/shared';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { formatMoney } from '@/features/jobs/format';
import { ApiError } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { usePageTitle } from '@/lib/use-page-title';
import { isMissing, referralQueryOptions, useAnswerConsent, useMarkBonusPaid, useUpdateReferralStatus } from './api';
import { CenteredState, GoBackButton, MessageLink, StatusBadge } from './referral-parts';

/** Referral detail (/referrer-dashboard/referrals/{referralId}, SPEC §2, §4, §5, §8). */
export function ReferralDetailPage() {
  const { referralId = '' } = useParams();
  if (!referralId.trim()) {
    return (
      <CenteredState
        icon={<FileQuestion />}
        title={REFERRAL_MESSAGES.idMissing}
        action={<GoBackButton fallback="/referrer-dashboard/referrals" />}
      />
    );
  }
  return <ReferralDetailLoader id={referralId} />;
}

function ReferralDetailLoader({ id }: { id: string }) {
  const { data, isPending, isError, error, refetch } = useQuery(referralQueryOptions(id));
  const missing = isError && isMissing(error);
  usePageTitle(data ? `Referral: ${data.talentName}` : missing ? REFERRAL_MESSAGES.notFound : 'Referral');

  if (isPending) {
    return (
      <div className="flex justify-center py-24">
        <Spinner size="lg" label="Loading referral details..." />
      </div>
    );
  }
  if (missing) {
    return (
      <CenteredState
        icon={<FileQuestion />}
        title={REFERRAL_MESSAGES.notFound}
        action={<GoBackButton fallback="/referrer-dashboard/referrals" />}
      >
        It may have been removed, or you do not have access to it.
      </CenteredState>
    );
  }
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <GoBackButton variant="ghost" className="mb-4 -ml-3" label="Back" fallback="/referrer-dashboard/referrals" />
      {isError ? (
        <>
          <h1 className="mb-4 text-3xl font-semibold tracking-tight">Referral</h1>
          <LoadError title="Error" message={REFERRAL_MESSAGES.loadFailed} onRetry={() => void refetch()} />
        </>
      ) : (
        <ReferralDetail referral={data} />
      )}
    </div>
  );
}

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3 [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0 [&>svg]:text-muted-foreground">
      {icon}
      <div className="min-w-0">
        <dt className="text-sm text-muted-foreground">{label}</dt>
        <dd className="break-words">{children}</dd>
      </div>
    </div>
  );
}

function ReferralDetail({ referral }: { referral: Referral }) {
  const talent = referral.talentProfile;
  const skills = [...new Set([...talent.skills, ...talent.technicalSkills, ...talent.softwareTools])];
  return (
    <>
      <header className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-semibold tracking-tight break-words">Referral: {referral.talentName}</h1>
          <p className="mt-1 text-muted-foreground">
            For {referral.jobTitle} at {referral.companyName}
          </p>
        </div>
        <StatusBadge status={referral.status} />
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid gap-6">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Candidate</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <dl className="grid gap-4 sm:grid-cols-2">
                <Row icon={<User />} label="Name">
                  {talent.name}
                </Row>
                <Row icon={<Briefcase />} label="Title">
                  {talent.title ?? 'Not given'}
                </Row>
                <Row icon={<MapPin />} label="Location">
                  {talent.location ?? 'Not given'}
                </Row>
                <Row icon={<Clock />} label="Experience">
                  {talent.experience === null ? 'Not given' : `${talent.experience} years`}
                </Row>
                {talent.rating !== null ? (
                  <Row icon={<Star />} label="Rating">
                    {talent.rating.toFixed(1)} / 5
                  </Row>
                ) : null}
              </dl>
              {skills.length > 0 ? (
                <ul className="flex flex-wrap gap-2" aria-label="Candidate skills">
                  {skills.map((skill) => (
                    <li key={skill}>
                      <Badge variant="secondary">{skill}</Badge>
                    </li>
                  ))}
                </ul>
              ) : null}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle as="h2">Referral</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-4 sm:grid-cols-2">
                <Row icon={<Briefcase />} label="Job">
                  <Link to={`/job/${referral.jobId}`} className="font-medium text-primary hover:underline">
                    {referral.jobTitle}
                  </Link>
                </Row>
                <Row icon={<Building2 />} label="Company">
                  {referral.companyName}
                </Row>
                <Row icon={<UserRound />} label="Referrer">
                  {referral.referrer?.name ?? 'Former member'}
                </Row>
                <Row icon={<Calendar />} label="Created">
                  {formatDate(referral.createdAt)}
                </Row>
                <Row icon={<Calendar />} label="Last updated">
                  {formatDate(referral.updatedAt)}
                </Row>
                <Row icon={<Check />} label="Candidate consent">
                  <ConsentText referral={referral} />
                </Row>
              </dl>
              <h3 className="mt-6 mb-2 font-semibold">Notes</h3>
              {referral.notes ? (
                <p className="leading-relaxed whitespace-pre-line">{referral.notes}</p>
              ) : (
                <p className="text-muted-foreground">No notes were added.</p>
              )}
            </CardContent>
          </Card>

          <StatusHistory referral={referral} />
        </div>

        {/* On small screens the status, bonus and actions come first. */}
        <div className="order-first grid gap-6 lg:order-none lg:self-start">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Status</CardTitle>
            </CardHeader>
            <CardContent>
              <ReferralStatusControl referral={referral} />
            </CardContent>
          </Card>
          {referral.viewer.canAnswerConsent ? <ConsentCard referral={referral} /> : null}
          <BonusCard referral={referral} />
          <Card>
            <CardHeader>
              <CardTitle as="h2">Actions</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-2">
              <MessageLink
                userId={referral.talentId}
                label="Message Candidate"
                context={{ referralId: referral.id }}
                subject={`Referral: ${referral.jobTitle}`}
              />
              <Button asChild variant="outline">
                <Link to={`/view-talent-profile/${referral.talentId}`}>
                  <User aria-hidden />
                  View Full Profile
                </Link>
              </Button>
            </CardContent>
          </Card>
        </div>
      </div>
    </>
  );
}

function ConsentText({ referral }: { referral: Referral }) {
  if (referral.consent === 'confirmed') return <>Confirmed by the candidate</>;
  if (referral.consent === 'declined') return <>Declined by the candidate</>;
  return <>Waiting for the candidate</>;
}

/** Company admins change the status; everybody else reads it (SPEC §6; the server refuses others with 403). */
export function ReferralStatusControl({ referral }: { referral: Pick<Referral, 'id' | 'status' | 'viewer'> }) {
  const update = useUpdateReferralStatus(referral.id);
  const selectId = useId();
  if (!referral.viewer.canUpdateStatus) {
    return (
      <div className="grid gap-3">
        <p className="flex items-center gap-2">
          <span className="text-sm text-muted-foreground">Current status:</span>
          <StatusBadge status={referral.status} />
        </p>
        <p className="text-sm text-muted-foreground">{REFERRAL_MESSAGES.onlyAdminsUpdate}</p>
      </div>
    );
  }
  const onChange = (next: string) => {
    const status = next as ReferralStatus;
    if (status === referral.status) return;
    update.mutate(status, {
      onSuccess: () =>
        toast.success(REFERRAL_MESSAGES.statusUpdatedTitle, {
          description: REFERRAL_MESSAGES.statusUpdated(status),
        }),
      onError: (error) =>
        toast.error(REFERRAL_MESSAGES.updateFailedTitle, {
          description:
            error instanceof ApiError && error.status === 403 ? error.message : REFERRAL_MESSAGES.updateFailed,
        }),
    });
  };
  return (
    <div className="grid gap-2">
      <Label htmlFor={selectId}>Referral status</Label>
      <Select value={referral.status} onValueChange={onChange} disabled={update.isPending}>
        <SelectTrigger id={selectId}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {REFERRAL_STATUSES.map((status) => (
            <SelectItem key={status} value={status}>
              {REFERRAL_STATUS_LABELS[status]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {update.isPending ? <Spinner size="sm" label="Updating status..." showLabel /> : null}
    </div>
  );
}

function ConsentCard({ referral }: { referral: Referral }) {
  const answer = useAnswerConsent(referral.id);
  const decide = (decision: 'confirm' | 'decline') =>
    answer.mutate(decision, {
      onSuccess: () =>
        toast.success(decision === 'confirm' ? 'Referral confirmed' : 'Referral declined', {
          description:
            decision === 'confirm'
              ? `${referral.companyName} can now consider you for ${referral.jobTitle}.`
              : 'The referral will not go any further.',
        }),
      onError: (error) =>
        toast.error('Error', {
          description: error instanceof ApiError ? error.message : 'Failed to save your answer. Please try again.',
        }),
    });
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
          <Button onClick={() => decide('confirm')} disabled={answer.isPending}>
            <Check aria-hidden />
            Confirm
          </Button>
          <Button variant="outline" onClick={() => decide('decline')} disabled={answer.isPending}>
            <X aria-hidden />
            Decline
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

const BONUS_STATE_TEXT = {
  none: 'No referral bonus on this job',
  pending: 'Pending: due once the candidate is hired',
  due: 'Due: the candidate was hired',
  paid: 'Paid',
} as const;

function BonusCard({ referral }: { referral: Referral }) {
  const bonus = referral.bonus;
  const markPaid = useMarkBonusPaid(referral.id);
  const [paidOn, setPaidOn] = useState('');
  const dateId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Gift className="size-5 text-primary" aria-hidden />
          Referral bonus
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {!bonus || bonus.state === 'none' ? (
          <p className="text-muted-foreground">{BONUS_STATE_TEXT.none}</p>
        ) : (
          <>
            <p className="text-2xl font-semibold">{formatMoney(bonus.amount, bonus.currency)}</p>
            <p>
              <Badge variant={bonus.state === 'paid' ? 'completed' : bonus.state === 'due' ? 'accepted' : 'pending'}>
                {bonus.state === 'paid' ? 'Paid' : bonus.state === 'due' ? 'Due' : 'Pending'}
              </Badge>
            </p>
            <p className="text-sm text-muted-foreground">
              {bonus.state === 'paid' && bonus.paidOn
                ? `Paid on ${formatDate(bonus.paidOn)}`
                : BONUS_STATE_TEXT[bonus.state]}
            </p>
          </>
        )}
        {referral.viewer.canMarkBonusPaid ? (
          <form
            className="grid gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              markPaid.mutate(paidOn || undefined, {
                onSuccess: () => toast.success('Bonus marked paid'),
                onError: (error) =>
                  toast.error('Error', {
                    description:
                      error instanceof ApiError ? error.message : 'Failed to mark the bonus paid. Please try again.',
                  }),
              });
            }}
          >
            <Label htmlFor={dateId}>Paid on (optional, default today)</Label>
            <Input id={dateId} type="date" value={paidOn} onChange={(event) => setPaidOn(event.target.value)} />
            <Button type="submit" disabled={markPaid.isPending}>
              {markPaid.isPending ? 'Saving...' : 'Mark bonus paid'}
            </Button>
          </form>
        ) : null}
      </CardContent>
    </Card>
  );
}

function StatusHistory({ referral }: { referral: Referral }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <History className="size-5 text-muted-foreground" aria-hidden />
          Status history
        </CardTitle>
      </CardHeader>
      <CardContent>
        {referral.history.length === 0 ? (
          <p className="text-muted-foreground">No status changes yet.</p>
        ) : (
          <ol className="grid gap-3" aria-label="Status history">
            {[...referral.history].reverse().map((change, index) => (
              <li key={`${change.at}-${index}`} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                {change.from ? (
                  <>
                    <StatusBadge status={change.from} />
                    <span aria-hidden>→</span>
                    <span className="sr-only">to</span>
                  </>
                ) : (
                  <span>Created as</span>
                )}
                <StatusBadge status={change.to} />
                <span className="text-muted-foreground">
                  by {change.by?.name ?? 'Referwell'} on {formatDate(change.at)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
