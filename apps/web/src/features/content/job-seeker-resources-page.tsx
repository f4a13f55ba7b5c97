import { BRAND } from '@referwell/shared/constants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { teasersIn } from './articles/teasers';
import { ArticleList } from './article-list';
import { BackLink } from './back-link';
import { ExternalLink } from './external-link';
import type { PageMeta } from '@/lib/page-meta';

export const meta: PageMeta = {
  title: 'Job Seeker Resources',
  description: `Career guides from ${BRAND.name} for healthcare technology job seekers: personal branding, networking, interview preparation and resume writing, plus free personality assessments.`,
};

/** Free assessments that open on their own sites (SPEC §2: three, in a new tab). */
export const ASSESSMENTS = [
  {
    name: '16Personalities',
    href: 'https://www.16personalities.com/free-personality-test',
    text: 'A free test based on the Myers-Briggs type model. Useful for describing how you prefer to work and make decisions.',
  },
  {
    name: 'Truity Enneagram',
    href: 'https://www.truity.com/test/enneagram-personality-test',
    text: 'A free Enneagram assessment that explores your core motivations and how you respond to stress.',
  },
  {
    name: 'CliftonStrengths',
    href: 'https://www.gallup.com/cliftonstrengths/en/home.aspx',
    text: "Gallup's assessment of your top talents, with language you can use in interviews and on your resume.",
  },
] as const;

export function JobSeekerResourcesPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <BackLink to="/resources">Back to Resources</BackLink>
      <div className="mx-auto mt-8 max-w-2xl text-center">
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">For job seekers</p>
        <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance">Job Seeker Resources</h1>
        <p className="mt-4 text-lg text-muted-foreground text-pretty">
          Guides to help you stand out, build relationships and land your next healthcare technology role.
        </p>
      </div>

      <section aria-labelledby="career-guides-heading" className="mt-12">
        <h2 id="career-guides-heading" className="text-2xl font-semibold tracking-tight">
          Career guides
        </h2>
        <div className="mt-6">
          <ArticleList articles={teasersIn('job-seekers')} />
        </div>
      </section>

      <section aria-labelledby="assessments-heading" className="mt-16 pb-8">
        <h2 id="assessments-heading" className="text-2xl font-semibold tracking-tight">
          Personality assessments
        </h2>
        <p className="mt-2 max-w-3xl text-muted-foreground">
          Knowing how you work best makes it easier to explain in interviews and to the people who refer you. You can
          add your Myers-Briggs and Enneagram types to your {BRAND.name} profile. These free tests open on their own
          sites in a new tab.
        </p>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {ASSESSMENTS.map((assessment) => (
            <li key={assessment.name} className="flex">
              <Card className="w-full">
                <CardHeader>
                  <CardTitle>{assessment.name}</CardTitle>
                  <CardDescription className="text-base">{assessment.text}</CardDescription>
                </CardHeader>
                <CardContent className="mt-auto">
                  <ExternalLink
                    href={assessment.href}
                    className="inline-flex items-center gap-1 rounded font-medium text-primary underline-offset-4 hover:text-primary-hover hover:underline [&_svg]:size-4"
                  >
                    Take the {assessment.name} test
                  </ExternalLink>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
