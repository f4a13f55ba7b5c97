import { ArrowRight, Building2, ClipboardList, Handshake, Users } from 'lucide-react';
import { Link } from 'react-router';
import { BRAND, PRICING } from '@referwell/shared/constants';
import { Button } from '@/components/ui/button';
import type { PageMeta } from '@/lib/page-meta';
import { ContentSection, CtaBand, onPrimaryGhost, PageHero, StepList, type Step } from './page-parts';
import { formatUsd, PricingCards } from './pricing';

export const meta: PageMeta = {
  title: 'How it works for companies',
  description: `Hire healthcare technology talent through your own employees' referrals. ${BRAND.name} Monthly Access is ${formatUsd(PRICING.monthlyAccessUsd)} per month; the Enterprise License is ${formatUsd(PRICING.enterpriseLicenseUsdPerYear)} per year.`,
};

const steps: Step[] = [
  {
    icon: Building2,
    title: 'Set up your company',
    text: 'Create your company profile and invite your team with a company code. Every employee can become a referrer.',
  },
  {
    icon: ClipboardList,
    title: 'Post your open roles',
    text: 'Add jobs by hand or import them from your careers page, and share them with everyone on your team.',
  },
  {
    icon: Users,
    title: 'Receive referrals you can trust',
    text: 'Employees search the job seeker pool and refer people they vouch for, each with a note explaining why.',
  },
  {
    icon: Handshake,
    title: 'Hire and reward',
    text: 'Track every referral on your dashboard, hire the best candidate and pay the referrer your standard bonus.',
  },
];

export function HowItWorksCompaniesPage() {
  return (
    <>
      <PageHero
        eyebrow="For companies"
        title={`How ${BRAND.name} works for companies`}
        lead="Your employees already know the people you want to hire. Turn their networks into your best source of healthcare technology talent."
      >
        <Button asChild size="lg">
          <Link to="/waitlist">Join Waitlist</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/search-candidates">Search Candidates</Link>
        </Button>
      </PageHero>

      <ContentSection
        title="Four steps to a referred hire"
        intro="Set up once, then let your team do what it does best."
      >
        <StepList steps={steps} />
      </ContentSection>

      <ContentSection
        muted
        title="Simple pricing"
        intro={`Job seekers always use ${BRAND.name} free. Companies choose monthly access or an annual enterprise license.`}
      >
        <PricingCards />
        <p className="mt-8 text-center text-muted-foreground">
          Hiring in healthcare?{' '}
          <Link
            to="/beta-program-companies"
            className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
          >
            Join the beta program: {PRICING.betaProgramMonths} months at {formatUsd(PRICING.monthlyAccessUsd)} a month
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        </p>
      </ContentSection>

      <CtaBand
        title="Start hiring through referrals"
        text="Join the waitlist to get your team on board, or see the kind of candidates waiting in the talent pool."
      >
        <Button asChild size="lg" variant="secondary">
          <Link to="/waitlist">Join Waitlist</Link>
        </Button>
        <Button asChild size="lg" variant="ghost" className={onPrimaryGhost}>
          <Link to="/search-candidates">Search Candidates</Link>
        </Button>
      </CtaBand>
    </>
  );
}
