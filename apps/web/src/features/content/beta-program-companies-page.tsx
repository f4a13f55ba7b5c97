import { CalendarRange, ClipboardCheck, Gift, Target, UserCheck } from 'lucide-react';
import { Link } from 'react-router';
import { BETA_REQUIREMENTS, BRAND, PRICING } from '@referwell/shared/constants';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { BookingLink } from './booking-link';
import type { PageMeta } from '@/lib/page-meta';
import { ContentSection, CtaBand, FeatureGrid, IconTile, onPrimaryGhost, PageHero } from './page-parts';
import { formatUsd, PLANS } from './pricing';

const months = PRICING.betaProgramMonths;
const monthly = formatUsd(PRICING.monthlyAccessUsd);
const hires = BETA_REQUIREMENTS.companyMinHires;

export const meta: PageMeta = {
  title: 'Beta program for healthcare companies',
  description: `Join the ${BRAND.name} beta: ${months} months of referral hiring at ${monthly} per month, with a full-year option, for healthcare companies planning to hire.`,
};

const requirements = [
  {
    icon: UserCheck,
    title: `Plan at least ${hires} ${hires === 1 ? 'hire' : 'hires'} in the next ${BETA_REQUIREMENTS.companyMinHiresWithinMonths} months`,
    text: 'The beta works best with a real, open need, so you can measure what referrals do for your hiring.',
  },
  {
    icon: Gift,
    title: 'Offer an employee referral bonus',
    text: 'Your employees earn your standard referral bonus when someone they refer is hired.',
  },
  {
    icon: Target,
    title: 'Set success metrics beforehand',
    text: 'Agree with us up front how you will judge the beta, such as time to hire, interview-to-offer rate or referral volume.',
  },
];

export function BetaProgramCompaniesPage() {
  const monthlyPlan = PLANS[0];
  return (
    <>
      <PageHero
        eyebrow="Beta program"
        title="Beta Program for Healthcare Companies"
        lead={`Be one of the first healthcare companies to hire through ${BRAND.name}. Work closely with our team, shape the product, and fill your roles through the people who already work for you.`}
      >
        <BookingLink />
        <Button asChild size="lg" variant="outline">
          <Link to="/waitlist">Join Waitlist</Link>
        </Button>
      </PageHero>

      <ContentSection title="Program terms" intro="Simple terms, sized for a real hiring need.">
        <ul className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
          <li>
            <Card className="h-full">
              <CardHeader>
                <IconTile icon={CalendarRange} className="mb-2" />
                <CardTitle>
                  {months} months at {monthly}/month
                </CardTitle>
              </CardHeader>
              <CardContent>
                <CardDescription className="text-base">
                  The beta runs for {months} months at {monthly} per month. Prefer a longer commitment? A full-year
                  contract is available as an option.
                </CardDescription>
              </CardContent>
            </Card>
          </li>
          <li>
            <Card className="h-full">
              <CardHeader>
                <IconTile icon={ClipboardCheck} className="mb-2" />
                <CardTitle>Everything in {monthlyPlan?.name ?? 'Monthly Access'}</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="grid gap-2 text-muted-foreground">
                  {monthlyPlan?.includes.map((item) => (
                    <li key={item} className="flex gap-2">
                      <span aria-hidden className="mt-2.5 size-1.5 shrink-0 rounded-full bg-primary" />
                      {item}
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          </li>
        </ul>
      </ContentSection>

      <ContentSection
        muted
        title="Who the beta is for"
        intro="We are looking for healthcare companies that can commit to:"
      >
        <FeatureGrid features={requirements} ordered className="mx-auto max-w-5xl" />
      </ContentSection>

      <CtaBand
        title="Let's talk about your hiring plans"
        text="Book a 30-minute call to see whether the beta fits your team, or join the waitlist and we will be in touch."
      >
        <BookingLink variant="secondary" />
        <Button asChild size="lg" variant="ghost" className={onPrimaryGhost}>
          <Link to="/waitlist">Join Waitlist</Link>
        </Button>
      </CtaBand>
    </>
  );
}
