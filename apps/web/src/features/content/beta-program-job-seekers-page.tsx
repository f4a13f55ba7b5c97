import { BadgeCheck, Briefcase, CalendarClock, Lock, MailCheck, Sparkles, Stethoscope } from 'lucide-react';
import { Link } from 'react-router';
import { WAITLIST_ROLE_LABELS } from '@referwell/shared';
import { BETA_REQUIREMENTS, BRAND } from '@referwell/shared/constants';
import { Button } from '@/components/ui/button';
import type { PageMeta } from '@/lib/page-meta';
import { ContentSection, CtaBand, FeatureGrid, PageHero, StepList, type Feature, type Step } from './page-parts';

const years = BETA_REQUIREMENTS.jobSeekerMinYearsExperience;
const moveWithin = BETA_REQUIREMENTS.jobSeekerReadyToMoveWithinMonths;

export const meta: PageMeta = {
  title: 'Beta program for job seekers',
  description: `The ${BRAND.name} beta for job seekers is invite-only and free, for healthcare professionals with ${years}+ years of experience who are ready to move within ${moveWithin} months.`,
};

const terms: Feature[] = [
  {
    icon: Lock,
    title: 'Invite-only',
    text: 'Membership is by invitation, which keeps the beta focused on experienced professionals ready for their next role.',
  },
  {
    icon: Sparkles,
    title: 'Free',
    text: `${BRAND.name} is free for job seekers, in the beta and always.`,
  },
  {
    icon: BadgeCheck,
    title: 'Early access',
    text: 'Be among the first to connect with referrers at healthcare technology companies, and help shape the product.',
  },
];

const criteria: Feature[] = [
  {
    icon: Stethoscope,
    title: 'Healthcare professionals',
    text: 'Clinical, technical, operational or business roles in healthcare and healthcare technology.',
  },
  {
    icon: Briefcase,
    title: `${years}+ years of experience`,
    text: `At least ${years} years of professional experience in your field.`,
  },
  {
    icon: CalendarClock,
    title: `Ready to move within ${moveWithin} months`,
    text: 'You are actively looking, or ready to make a move soon if the right role comes along.',
  },
];

const joinSteps: Step[] = [
  {
    icon: MailCheck,
    title: 'Join the waitlist',
    text: `Tell us your name and email, and choose the role "${WAITLIST_ROLE_LABELS.jobseeker}".`,
  },
  {
    icon: BadgeCheck,
    title: 'Receive your invitation',
    text: 'We review every request and send invitations to people who meet the criteria as places open.',
  },
  {
    icon: Briefcase,
    title: 'Build your profile',
    text: 'Add your experience, skills and the roles you want, so referrers can find you.',
  },
  {
    icon: Sparkles,
    title: 'Get referred',
    text: 'Ask employees at companies you like for referrals, and hear from referrers who find you.',
  },
];

export function BetaProgramJobSeekersPage() {
  return (
    <>
      <PageHero
        eyebrow="Beta program"
        title="Beta Program for Job Seekers"
        lead="An invite-only, free beta for experienced healthcare professionals who want their next role to come through a referral."
      >
        <Button asChild size="lg">
          <Link to="/waitlist">Join Waitlist</Link>
        </Button>
      </PageHero>

      <ContentSection title="What the beta offers">
        <FeatureGrid features={terms} />
      </ContentSection>

      <ContentSection
        muted
        title="Who we are looking for"
        intro="The beta is open to people who meet all three criteria."
      >
        <FeatureGrid features={criteria} />
      </ContentSection>

      <ContentSection title="How to join">
        <StepList steps={joinSteps} />
      </ContentSection>

      <CtaBand
        title="Request your invitation"
        text="Join the waitlist as a job seeker and we will let you know when your place opens."
      >
        <Button asChild size="lg" variant="secondary">
          <Link to="/waitlist">Join Waitlist</Link>
        </Button>
      </CtaBand>
    </>
  );
}
