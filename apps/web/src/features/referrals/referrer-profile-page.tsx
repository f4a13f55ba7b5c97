import { useQuery } from '@tanstack/react-query';
import { Award, Briefcase, Building2, Calendar, Mail, MapPin, Pencil, Phone, Send, UserX } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { REFERRAL_MESSAGES, type ReferrerProfile } from '@referwell/shared';
import { LoadError } from '@/components/load-error';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';
import { formatDate } from '@/lib/format';
import { initials } from '@/lib/names';
import { usePageTitle } from '@/lib/use-page-title';
import { isMissing } from '@/lib/api';
import { referrerProfileQueryOptions } from './api';
import { EditReferrerProfileDialog } from './edit-referrer-profile-dialog';
import { CenteredState, GoBackButton, MessageLink } from './referral-parts';
import { requestReferralPath } from './referrers-page';

/** Referrer profile (/referrer-profile/{referrerId}?jobId=, SPEC §2). */
export function ReferrerProfilePage() {
  const { referrerId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const jobId = searchParams.get('jobId') ?? '';
  const { data, isPending, isError, error, refetch } = useQuery(referrerProfileQueryOptions(referrerId));
  usePageTitle(data?.name ?? (isError && isMissing(error) ? REFERRAL_MESSAGES.referrerNotFound : 'Referrer'));

  if (isPending) {
    return (
      <div className="flex justify-center py-24">
        <Spinner size="lg" label="Loading profile..." showLabel />
      </div>
    );
  }
  if (isError && isMissing(error)) {
    return (
      <CenteredState
        icon={<UserX />}
        title={REFERRAL_MESSAGES.referrerNotFound}
        action={<GoBackButton fallback="/search-jobs" />}
      />
    );
  }
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <GoBackButton variant="ghost" className="mb-4 -ml-3" label="Back" fallback="/search-jobs" />
      {isError ? (
        <LoadError title="Could not load this profile" message={error.message} onRetry={() => void refetch()} />
      ) : (
        <Profile profile={data} jobId={jobId} />
      )}
    </div>
  );
}

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex min-w-0 items-center gap-2 text-sm [&>svg]:size-4 [&>svg]:shrink-0 [&>svg]:text-muted-foreground">
      {icon}
      <span className="min-w-0 break-words">{children}</span>
    </li>
  );
}

function Profile({ profile, jobId }: { profile: ReferrerProfile; jobId: string }) {
  const { user } = useSession();
  const isSelf = user?.id === profile.id;
  const canRequest = !!jobId && user?.type === 'jobseeker' && profile.acceptsRequests;
  const [editing, setEditing] = useState(false);
  return (
    <div className="grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
      <Card className="lg:row-span-3 lg:self-start">
        <CardContent className="flex flex-col items-center gap-4 pt-6 text-center">
          <Avatar className="size-24 text-2xl">
            {profile.avatarUrl ? <AvatarImage src={profile.avatarUrl} alt="" /> : null}
            <AvatarFallback className="bg-accent text-accent-foreground">{initials(profile.name)}</AvatarFallback>
          </Avatar>
          <div>
            <h1 className="text-2xl font-semibold tracking-tight">{profile.name}</h1>
            {profile.title ? <p className="mt-1">{profile.title}</p> : null}
            {profile.department ? <p className="text-sm text-muted-foreground">{profile.department}</p> : null}
            <p className="mt-1 text-sm">
              <Link to={`/company/${profile.company.slug}`} className="font-medium text-primary hover:underline">
                {profile.company.name}
              </Link>
            </p>
          </div>
          <ul className="grid w-full gap-2 text-left" aria-label="Contact details">
            {profile.email ? (
              <Fact icon={<Mail />}>
                <a href={`mailto:${profile.email}`} className="text-primary hover:underline">
                  {profile.email}
                </a>
              </Fact>
            ) : null}
            {profile.phone ? (
              <Fact icon={<Phone />}>
                <a href={`tel:${profile.phone}`} className="hover:underline">
                  {profile.phone}
                </a>
              </Fact>
            ) : null}
            {profile.location ? <Fact icon={<MapPin />}>{profile.location}</Fact> : null}
            <Fact icon={<Calendar />}>Started {formatDate(profile.startDate)}</Fact>
          </ul>
          {isSelf ? (
            <>
              {profile.showContactDetails ? null : (
                <p className="text-sm text-muted-foreground">
                  Only you see your e-mail and phone, colleagues included. People contact you through messages.
                </p>
              )}
              <Button variant="outline" className="w-full" onClick={() => setEditing(true)}>
                <Pencil aria-hidden />
                Edit Profile
              </Button>
              <EditReferrerProfileDialog profile={profile} open={editing} onOpenChange={setEditing} />
            </>
          ) : (
            <div className="grid w-full gap-2">
              {canRequest ? (
                <Button asChild>
                  <Link to={requestReferralPath(jobId, profile)}>
                    <Send aria-hidden />
                    Request Referral
                  </Link>
                </Button>
              ) : null}
              {user ? <MessageLink userId={profile.id} {...(jobId ? { context: { jobId } } : {})} /> : null}
            </div>
          )}
          {!profile.acceptsRequests ? (
            <p className="text-sm text-muted-foreground">{REFERRAL_MESSAGES.referrerUnavailable}</p>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">About</CardTitle>
        </CardHeader>
        <CardContent>
          {profile.bio ? (
            <p className="leading-relaxed whitespace-pre-line">{profile.bio}</p>
          ) : (
            <p className="text-muted-foreground">{profile.name} has not written an introduction yet.</p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Skills &amp; Expertise</CardTitle>
        </CardHeader>
        <CardContent>
          {profile.skills.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label="Skills">
              {profile.skills.map((skill) => (
                <li key={skill}>
                  <Badge variant="secondary">{skill}</Badge>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">No skills listed yet.</p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Referral Activity</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-3">
            <Stat icon={<Award />} label="Total referrals completed" value={String(profile.referralsCompleted)} />
            <Stat icon={<Briefcase />} label="Referrals made" value={String(profile.referralCount)} />
            <Stat icon={<Building2 />} label="Member since" value={formatDate(profile.memberSince)} />
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    // dt and dd are the item's direct children (a dl allows nothing else); the icon sits inside the dt.
    <div className="relative rounded-lg border border-border p-4 pl-12">
      <dt className="text-sm text-muted-foreground">
        <span className="absolute top-4.5 left-4 text-primary [&>svg]:size-5" aria-hidden>
          {icon}
        </span>
        {label}
      </dt>
      <dd className="text-lg font-semibold">{value}</dd>
    </div>
  );
}
