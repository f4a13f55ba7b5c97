import { Award, Building2, Users } from 'lucide-react';
import { Link } from 'react-router';
import { BRAND } from '@referwell/shared/constants';
import { Button } from '@/components/ui/button';
import type { PageMeta } from '@/lib/page-meta';
import { ContentSection, FeatureGrid, PageHero, type Feature } from './page-parts';

export const meta: PageMeta = {
  title: `Join ${BRAND.name}`,
  description: `Join ${BRAND.name}, the referral-driven recruiting marketplace for healthcare technology: a network of candidates, companies and employees who vouch for them.`,
};

const features: Feature[] = [
  {
    icon: Users,
    title: 'Candidate Network',
    text: 'A growing network of healthcare and health tech professionals, from clinical informaticists to integration engineers.',
  },
  {
    icon: Building2,
    title: 'Company Opportunities',
    text: "Open roles at healthcare technology companies that hire through their own employees' referrals.",
  },
  {
    icon: Award,
    title: 'Employee Endorsements',
    text: 'Referrals come with a note from someone inside the company, so your application arrives with a real endorsement.',
  },
];

/** The landing page for campaigns and invitations (SPEC §2 "Landing page"). */
export function JoinPage() {
  return (
    <>
      <PageHero
        eyebrow="Healthcare technology careers"
        title={`Join ${BRAND.name}`}
        lead={`${BRAND.name} connects healthcare technology job seekers with employees who can refer them, and helps companies hire the people their teams vouch for. Join the waitlist for early access.`}
      >
        <Button asChild size="lg">
          <Link to="/waitlist">Join Waitlist</Link>
        </Button>
      </PageHero>

      <ContentSection title={`What you get with ${BRAND.name}`}>
        <FeatureGrid features={features} />
      </ContentSection>
    </>
  );
}
