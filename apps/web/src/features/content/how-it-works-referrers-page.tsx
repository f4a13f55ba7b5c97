import { BadgeDollarSign, CalendarCheck, LayoutDashboard, NotebookPen, Search, UserPlus, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { BRAND } from '@referwell/shared/constants';
import { Button } from '@/components/ui/button';
import type { PageMeta } from '@/lib/page-meta';
import {
  ContentSection,
  CtaBand,
  FeatureGrid,
  onPrimaryGhost,
  PageHero,
  StepList,
  type Feature,
  type Step,
} from './page-parts';

export const meta: PageMeta = {
  title: 'How it works for referrers',
  description: `Refer great healthcare technology people to your company through ${BRAND.name} and earn your company's referral bonus when they are hired.`,
};

const steps: Step[] = [
  {
    icon: UserPlus,
    title: "Join your company's team",
    text: 'Sign up with the invite code from your company so every referral you make is credited to you.',
  },
  {
    icon: Search,
    title: 'Browse the talent pool',
    text: 'Filter job seekers by skills, experience and location, or answer people who ask you for a referral.',
  },
  {
    icon: NotebookPen,
    title: 'Refer with a note',
    text: 'Choose the open position and add a short note on why this person fits. Your note travels with their application.',
  },
  {
    icon: Wallet,
    title: 'Earn your bonus',
    text: 'When your candidate is hired, your company pays you its standard employee referral bonus.',
  },
];

const bonusFacts: Feature[] = [
  {
    icon: BadgeDollarSign,
    title: "Your company's standard bonus",
    text: "The amount comes from your employer's referral policy: the same bonus you would earn for any employee referral. Ask HR or check the job posting.",
  },
  {
    icon: CalendarCheck,
    title: 'Earned when the hire happens',
    text: 'You earn the bonus when your candidate is hired. Many companies pay it once the new hire completes an initial period, such as 90 days.',
  },
  {
    icon: LayoutDashboard,
    title: 'Tracked in your dashboard',
    text: 'Follow every referral from submitted to hired in one place, so you always know where your bonus stands.',
  },
];

export function HowItWorksReferrersPage() {
  return (
    <>
      <PageHero
        eyebrow="For referrers"
        title={`How ${BRAND.name} works for referrers`}
        lead="You know talented people in healthcare technology. Help them land roles at your company, strengthen your team and earn your referral bonus."
      >
        <Button asChild size="lg">
          <Link to="/waitlist">Join Waitlist</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/search-jobs">See Open Jobs</Link>
        </Button>
      </PageHero>

      <ContentSection
        title="Four steps to a successful referral"
        intro="A few minutes of your time can change someone's career."
      >
        <StepList steps={steps} />
      </ContentSection>

      <ContentSection
        muted
        title="How the referral bonus works"
        intro={`${BRAND.name} does not set your bonus. It helps your company run its own referral program, and makes sure your referrals are tracked and credited to you.`}
      >
        <FeatureGrid features={bonusFacts} />
      </ContentSection>

      <CtaBand
        title="Refer someone you believe in"
        text="Join the waitlist to start referring, or look at the roles your company is hiring for right now."
      >
        <Button asChild size="lg" variant="secondary">
          <Link to="/waitlist">Join Waitlist</Link>
        </Button>
        <Button asChild size="lg" variant="ghost" className={onPrimaryGhost}>
          <Link to="/search-jobs">See Open Jobs</Link>
        </Button>
      </CtaBand>
    </>
  );
}
