import { BRAND } from '@referwell/shared/constants';
import { teasersIn } from './articles/teasers';
import { ArticleList } from './article-list';
import { BackLink } from './back-link';
import type { PageMeta } from '@/lib/page-meta';

export const meta: PageMeta = {
  title: 'Company Resources',
  description: `Hiring and HR guides from ${BRAND.name} for healthcare technology companies: hiring best practices, structured interviews, job descriptions, assessment, onboarding, performance, team building and HR policies.`,
};

export function CompanyResourcesPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <BackLink to="/resources">Back to Resources</BackLink>
      <div className="mx-auto mt-8 max-w-2xl text-center">
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">For companies</p>
        <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance">Company Resources</h1>
        <p className="mt-4 text-lg text-muted-foreground text-pretty">
          Practical guides for hiring, onboarding and growing healthcare technology teams.
        </p>
      </div>
      <section aria-labelledby="company-guides-heading" className="mt-12 pb-8">
        <h2 id="company-guides-heading" className="text-2xl font-semibold tracking-tight">
          Hiring and HR guides
        </h2>
        <div className="mt-6">
          <ArticleList articles={teasersIn('companies')} />
        </div>
      </section>
    </div>
  );
}
