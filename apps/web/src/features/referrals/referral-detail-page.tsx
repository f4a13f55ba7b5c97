import { useQuery } from '@tanstack/react-query';
import {
  Briefcase,
  Building2,
  Calendar,
  Check,
  Clock,
  FileQuestion,
  Handshake,
  MapPin,
  Star,
  User,
  UserRound,
} from 'lucide-react';
import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { scopedToast } from '@/lib/toast';
import {
  REFERRAL_MESSAGES,
  REFERRAL_STATUS_LABELS,
  REFERRAL_STATUSES,
  REFERRER_RELATIONSHIP_LABELS,
  type Referral,
  type ReferralStatus,
  type ReferralTalentSnapshot,
  experienceText,
} from '@referwell/shared';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { isApiError, isMissing } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { usePageTitle } from '@/lib/use-page-title';
import { referralQueryOptions, useUpdateReferralStatus } from './api';
import { CandidateReferralView } from './candidate-referral-view';
import { useChangeToast, StageBadge } from './pipeline-parts';
import { CenteredState, DetailRow, GoBackButton, MessageLink, StatusBadge } from './referral-parts';
import { BonusCard, StageHistory } from './referral-side-cards';

const toast = scopedToast('referral-detail-page');

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

function ReferralDetail({ referral }: { referral: Referral }) {
  if (referral.viewer.role === 'candidate' || !referral.talentProfile)
    return <CandidateReferralView referral={referral} />;
  return <TeamReferralView referral={referral} talent={referral.talentProfile} />;
}

/** The referrer's and the company's view: the candidate, the referral, its stage, status, bonus and history. */
function TeamReferralView({ referral, talent }: { referral: Referral; talent: ReferralTalentSnapshot }) {
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
        <div className="flex flex-wrap gap-2">
          <StageBadge stage={referral.stage} />
          <StatusBadge status={referral.status} />
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid gap-6">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Candidate</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <dl className="grid gap-4 sm:grid-cols-2">
                <DetailRow icon={<User />} label="Name">
                  <Link
                    to={`/view-talent-profile/${referral.talentId}`}
                    className="font-medium text-primary hover:underline"
                  >
                    {talent.name}
                  </Link>
                </DetailRow>
                <DetailRow icon={<Briefcase />} label="Title">
                  {talent.title ?? 'Not given'}
                </DetailRow>
                <DetailRow icon={<MapPin />} label="Location">
                  {talent.location ?? 'Not given'}
                </DetailRow>
                <DetailRow icon={<Clock />} label="Experience">
                  {experienceText(talent.experience) ?? 'Not given'}
                </DetailRow>
                {talent.rating !== null ? (
                  <DetailRow icon={<Star />} label="Rating">
                    {talent.rating.toFixed(1)} / 5
                  </DetailRow>
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
                <DetailRow icon={<Briefcase />} label="Job">
                  <Link to={`/job/${referral.jobId}`} className="font-medium text-primary hover:underline">
                    {referral.jobTitle}
                  </Link>
                </DetailRow>
                <DetailRow icon={<Building2 />} label="Company">
                  {referral.companyName}
                </DetailRow>
                <DetailRow icon={<UserRound />} label="Referrer">
                  {referral.referrer?.name ?? 'Former member'}
                </DetailRow>
                <DetailRow icon={<Calendar />} label="Created">
                  {formatDate(referral.createdAt)}
                </DetailRow>
                <DetailRow icon={<Calendar />} label="Last updated">
                  {formatDate(referral.updatedAt)}
                </DetailRow>
                <DetailRow icon={<Check />} label="Candidate consent">
                  <ConsentText referral={referral} />
                </DetailRow>
                <DetailRow icon={<Handshake />} label="How the referrer knows them">
                  {referral.relationship ? REFERRER_RELATIONSHIP_LABELS[referral.relationship] : 'Not given'}
                </DetailRow>
              </dl>
              <h3 className="mt-6 mb-2 font-semibold">Referrer's note</h3>
              {referral.notes ? (
                <p className="leading-relaxed whitespace-pre-line">{referral.notes}</p>
              ) : (
                <p className="text-muted-foreground">No note was added.</p>
              )}
              {referral.candidateMessage ? (
                <>
                  <h3 className="mt-6 mb-2 font-semibold">Candidate's request message</h3>
                  <p className="leading-relaxed whitespace-pre-line text-muted-foreground">
                    {referral.candidateMessage}
                  </p>
                </>
              ) : null}
            </CardContent>
          </Card>

          <StageHistory history={referral.history ?? []} />
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
  const changeToast = useChangeToast();
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
      onSuccess: (updated) =>
        changeToast(REFERRAL_MESSAGES.statusUpdatedTitle, REFERRAL_MESSAGES.statusUpdated(status), updated.undoable),
      onError: (error) =>
        toast.error(REFERRAL_MESSAGES.updateFailedTitle, {
          description: isApiError(error, 403) ? error.message : REFERRAL_MESSAGES.updateFailed,
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
