import { BadgeCheck, HeartHandshake, MessageSquare, Search, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { BRAND } from '@referwell/shared/constants';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { PageMeta } from '@/lib/page-meta';
import { ContentSection, CtaBand, IconTile, onPrimaryGhost, PageHero, StepList, type Step } from './page-parts';
import { ShareLinks } from './share-links';

export const meta: PageMeta = {
  title: 'How it works for job seekers',
  description: `Find healthcare technology jobs, ask employees for a referral and get hired. ${BRAND.name} is always free for job seekers.`,
};

const steps: Step[] = [
  {
    icon: UserRound,
    title: 'Create your profile',
    text: 'Tell us about your clinical or technical background, the systems you know and the roles you want next.',
  },
  {
    icon: Search,
    title: 'Find a job with an inside connection',
    text: 'Search open roles at healthcare technology companies and see which ones have an employee ready to refer you.',
  },
  {
    icon: MessageSquare,
    title: 'Ask for a referral',
    text: 'Send a short, personal request to an employee. They review your profile and decide whether to vouch for you.',
  },
  {
    icon: BadgeCheck,
    title: 'Get referred and hired',
    text: 'Your referrer submits you with a note, so the hiring team reads your application with an endorsement attached.',
  },
];

export function HowItWorksJobSeekersPage() {
  return (
    <>
      <PageHero
        eyebrow="For job seekers"
        title={`How ${BRAND.name} works for job seekers`}
        lead="Skip the application pile. Connect with people who already work at the healthcare technology companies you want to join, and let them refer you."
      >
        <Button asChild size="lg">
          <Link to="/waitlist">Join Waitlist</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/search-jobs">Search Jobs</Link>
        </Button>
      </PageHero>

      <ContentSection title="Four steps to a referral" intro="From profile to offer, with an insider on your side.">
        <StepList steps={steps} />
      </ContentSection>

      <section aria-labelledby="always-free-heading" className="mx-auto max-w-4xl px-4 pb-16 sm:px-6">
        <Card className="flex-col items-start gap-6 border-primary/30 bg-accent/40 p-8 sm:flex-row">
          <IconTile icon={HeartHandshake} className="bg-primary text-primary-foreground" />
          <div>
            <h2 id="always-free-heading" className="text-2xl font-semibold tracking-tight">
              Always Free
            </h2>
            <p className="mt-2 text-lg text-muted-foreground text-pretty">
              {BRAND.name} is free for job seekers, and it always will be. Companies pay for access and pay the referral
              bonuses, so you never pay to find a job or to be referred.
            </p>
          </div>
        </Card>
      </section>

      <ContentSection
        muted
        title="Know someone looking for their next role?"
        intro="Share this page with friends and colleagues in healthcare technology."
      >
        <ShareLinks text={`How ${BRAND.name} helps healthcare technology job seekers get referred:`} />
      </ContentSection>

      <CtaBand
        title="Ready to get referred?"
        text="Join the waitlist for early access, or start looking at the roles that have an insider ready to help."
      >
        <Button asChild size="lg" variant="secondary">
          <Link to="/waitlist">Join Waitlist</Link>
        </Button>
        <Button asChild size="lg" variant="ghost" className={onPrimaryGhost}>
          <Link to="/search-jobs">Search Jobs</Link>
        </Button>
      </CtaBand>
    </>
  );
}
