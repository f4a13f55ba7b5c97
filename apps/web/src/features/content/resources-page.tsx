import { ArrowRight, BookOpen, Building2 } from 'lucide-react';
import { Link } from 'react-router';
import { BRAND } from '@referwell/shared/constants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ARTICLE_SLUGS, categoryPath } from './articles/slugs';
import type { PageMeta } from '@/lib/page-meta';
import { ContentSection, IconTile, PageHero } from './page-parts';

export const meta: PageMeta = {
  title: 'Resources',
  description: `Guides from ${BRAND.name} for healthcare technology careers and hiring: articles for job seekers and for companies.`,
};

const hubs = [
  {
    to: categoryPath('job-seekers'),
    icon: BookOpen,
    title: 'Job Seeker Resources',
    text: 'Personal branding, networking, interviews and resumes for healthcare technology careers, plus free personality assessments.',
    count: ARTICLE_SLUGS['job-seekers'].length,
  },
  {
    to: categoryPath('companies'),
    icon: Building2,
    title: 'Company Resources',
    text: 'Hiring, interviewing, onboarding and HR guides for healthcare technology teams.',
    count: ARTICLE_SLUGS.companies.length,
  },
];

export function ResourcesPage() {
  return (
    <>
      <PageHero
        eyebrow="Resources"
        title="Resources"
        lead="Practical guides for finding your next healthcare technology role, and for building the team that hires you."
      />
      <ContentSection title="Choose your guides">
        <ul className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
          {hubs.map(({ to, icon, title, text, count }) => (
            <li key={to} className="flex">
              <Card className="relative w-full transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
                <CardHeader>
                  <IconTile icon={icon} className="mb-2" />
                  <CardTitle>
                    <Link to={to} className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none">
                      {title}
                    </Link>
                  </CardTitle>
                  <CardDescription className="text-base">{text}</CardDescription>
                </CardHeader>
                <CardContent className="mt-auto flex items-center justify-between text-sm">
                  <span className="text-muted-foreground">{count} articles</span>
                  <span aria-hidden className="inline-flex items-center gap-1 font-medium text-primary">
                    Browse
                    <ArrowRight className="size-4" />
                  </span>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </ContentSection>
    </>
  );
}
