import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Award, Briefcase, Download, Globe, Link2, Mail, MapPin, Pencil, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { scopedToast } from '@/lib/toast';
import {
  EMPLOYMENT_STATUS_LABELS,
  ENNEAGRAM_LABELS,
  INVOLVEMENT_LABELS,
  TALENT_MESSAGES,
  type TalentPublicProfile,
  experienceText,
} from '@referwell/shared';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useSession } from '@/lib/session';
import { MessageButton } from '@/features/messaging/port';
import { isApiError } from '@/lib/api';
import { initials } from '@/lib/names';
import { usePageTitle } from '@/lib/use-page-title';
import { talentProfileQueryOptions } from '@/lib/talent-profile';
import { useEndorse } from './api';
import { KudosList, Stars } from './kudos-parts';

const toast = scopedToast('view-talent-profile-page');

function BackButton() {
  const navigate = useNavigate();
  return (
    <Button variant="ghost" className="mb-4 w-fit" onClick={() => void navigate(-1)}>
      <ArrowLeft aria-hidden />
      Back
    </Button>
  );
}

/** View Talent Profile (/view-talent-profile[/{id or slug}], SPEC §2). */
export function ViewTalentProfilePage() {
  const { userId } = useParams();
  const { user } = useSession();
  const idOrSlug = userId ?? user?.id ?? '';
  const { data, error, isPending } = useQuery({ ...talentProfileQueryOptions(idOrSlug), enabled: !!idOrSlug });
  usePageTitle(data ? data.name : 'Talent Profile');

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8">
      <BackButton />
      {isPending ? (
        <p className="py-16 text-center text-muted-foreground" role="status">
          {TALENT_MESSAGES.loading}
        </p>
      ) : error ? (
        <Card>
          <CardContent className="py-12 text-center">
            <h1 className="text-xl font-semibold">
              {isApiError(error, 403) ? error.message : TALENT_MESSAGES.notFound}
            </h1>
          </CardContent>
        </Card>
      ) : (
        <Profile profile={data} />
      )}
    </div>
  );
}

function ChipList({ items, empty }: { items: string[]; empty: string }) {
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {items.map((item) => (
        <li key={item}>
          <Badge variant="secondary" className="text-sm font-medium">
            {item}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2">{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <div>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

function Profile({ profile }: { profile: TalentPublicProfile }) {
  const endorse = useEndorse(profile.id);
  const { viewer, contact } = profile;

  const onEndorse = () =>
    endorse.mutate(undefined, {
      onSuccess: (list) => {
        const mine = list.at(-1);
        toast.success(TALENT_MESSAGES.endorsedTitle, {
          description: TALENT_MESSAGES.endorsed(mine?.companyName ?? 'Your company'),
        });
      },
      onError: (error) => toast.error('Error', { description: error.message }),
    });

  return (
    <div className="grid gap-6">
      <Card>
        <CardContent className="grid gap-6 pt-6 md:grid-cols-[auto_1fr_auto] md:items-start">
          <Avatar className="size-20">
            <AvatarFallback className="bg-accent text-xl text-accent-foreground">
              {initials(profile.name)}
            </AvatarFallback>
          </Avatar>
          <div className="grid min-w-0 gap-2">
            <h1 className="text-3xl font-semibold tracking-tight">{profile.name}</h1>
            {profile.title ? <p className="text-lg text-muted-foreground">{profile.title}</p> : null}
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
              {profile.location ? (
                <span className="flex items-center gap-1">
                  <MapPin className="size-4" aria-hidden />
                  {profile.location}
                </span>
              ) : null}
              {profile.yearsOfExperience !== null ? (
                <span className="flex items-center gap-1">
                  <Briefcase className="size-4" aria-hidden />
                  {experienceText(profile.yearsOfExperience)} of experience
                </span>
              ) : null}
              {profile.rating !== null ? (
                <span className="flex items-center gap-1" aria-label={`Rating ${profile.rating} out of 5`}>
                  <Stars rating={Math.round(profile.rating)} />
                  {profile.rating.toFixed(1)}
                </span>
              ) : null}
            </div>
            {profile.endorsements.length > 0 ? (
              <ul className="mt-1 flex flex-wrap gap-2" aria-label="Endorsements">
                {profile.endorsements.map((e) => (
                  <li key={e.companyId}>
                    <Badge variant="accepted">
                      <Award aria-hidden />
                      Endorsed by {e.companyName}
                    </Badge>
                  </li>
                ))}
              </ul>
            ) : null}
            <div className="mt-2 flex flex-wrap gap-2">
              {profile.linkedin ? (
                <Button asChild variant="outline" size="sm">
                  <a href={profile.linkedin} target="_blank" rel="noopener noreferrer">
                    <Link2 aria-hidden />
                    LinkedIn
                  </a>
                </Button>
              ) : null}
              {profile.portfolio ? (
                <Button asChild variant="outline" size="sm">
                  <a href={profile.portfolio} target="_blank" rel="noopener noreferrer">
                    <Globe aria-hidden />
                    Portfolio
                  </a>
                </Button>
              ) : null}
            </div>
          </div>
          <div className="flex flex-wrap gap-2 md:flex-col md:items-stretch">
            {viewer.isOwner ? (
              <Button asChild>
                <Link to="/talent-profile">
                  <Pencil aria-hidden />
                  Edit Profile
                </Link>
              </Button>
            ) : (
              <>
                {contact ? (
                  <Button asChild>
                    <a href={`mailto:${contact.email}`}>
                      <Mail aria-hidden />
                      Contact
                    </a>
                  </Button>
                ) : (
                  <Button disabled title={TALENT_MESSAGES.contactHidden}>
                    <Mail aria-hidden />
                    Contact
                  </Button>
                )}
                <MessageButton userId={profile.id} />
                {viewer.canEndorse ? (
                  <Button variant="secondary" onClick={onEndorse} disabled={viewer.hasEndorsed || endorse.isPending}>
                    <Award aria-hidden />
                    {viewer.hasEndorsed ? 'Endorsed' : 'Endorse'}
                  </Button>
                ) : null}
              </>
            )}
          </div>
        </CardContent>
      </Card>

      {contact ? (
        <Card>
          <CardContent className="flex flex-wrap items-center gap-x-6 gap-y-2 pt-6 text-sm">
            <span className="flex min-w-0 items-center gap-2 wrap-anywhere">
              <Mail className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              {contact.email}
            </span>
            {contact.phone ? (
              <span className="flex items-center gap-2">
                <Phone className="size-4 text-muted-foreground" aria-hidden />
                {contact.phone}
              </span>
            ) : null}
            {contact.hasResume ? (
              <a
                className="flex items-center gap-2 text-primary underline-offset-4 hover:underline"
                href={`/api/talent/${profile.id}/resume`}
              >
                <Download className="size-4" aria-hidden />
                Download resume
              </a>
            ) : null}
          </CardContent>
        </Card>
      ) : !viewer.isOwner ? (
        <p className="text-sm text-muted-foreground">{TALENT_MESSAGES.contactHidden}</p>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="About">
          {profile.bio ? <p className="whitespace-pre-line leading-relaxed">{profile.bio}</p> : null}
          <dl className="grid gap-3 sm:grid-cols-2">
            <Fact label="Superpower" value={profile.superpower} />
            <Fact
              label="Employment status"
              value={profile.employmentStatus ? EMPLOYMENT_STATUS_LABELS[profile.employmentStatus] : null}
            />
            <Fact label="Involvement" value={profile.involvement ? INVOLVEMENT_LABELS[profile.involvement] : null} />
            <Fact label="Myers-Briggs" value={profile.myersBriggs} />
            <Fact label="Enneagram" value={profile.enneagram ? ENNEAGRAM_LABELS[profile.enneagram] : null} />
            <Fact label="Notable achievement" value={profile.achievement} />
          </dl>
          {!profile.bio && !profile.superpower ? (
            <p className="text-sm text-muted-foreground">No summary yet.</p>
          ) : null}
        </Section>
        <Section title="Skills">
          <ChipList items={profile.skills} empty="No skills listed yet." />
          {profile.technicalSkills.length > 0 ? (
            <div className="grid gap-2">
              <h3 className="text-sm font-medium text-muted-foreground">Technical Skills</h3>
              <ChipList items={profile.technicalSkills} empty="" />
            </div>
          ) : null}
          {profile.softwareTools.length > 0 ? (
            <div className="grid gap-2">
              <h3 className="text-sm font-medium text-muted-foreground">Software &amp; Tools</h3>
              <ChipList items={profile.softwareTools} empty="" />
            </div>
          ) : null}
        </Section>
        <Section title="Professional Titles">
          <ChipList items={profile.titles} empty="No titles listed yet." />
        </Section>
        <Section title="Industries">
          <ChipList items={profile.industries} empty="No industries listed yet." />
        </Section>
        <Section title="Areas of Interest">
          <ChipList items={profile.interests} empty="No areas of interest listed yet." />
        </Section>
        <Section title="Kudos">
          <KudosList kudos={profile.kudos} {...(viewer.isOwner ? {} : { emptyText: 'No kudos yet.' })} />
        </Section>
      </div>
    </div>
  );
}
