import type { ArticleCategory } from './types';

/**
 * Every article slug per category (SPEC §2), in listing order. Kept apart from the article text so
 * the router can list article URLs without loading the articles; a unit test keeps both in step.
 */
export const ARTICLE_SLUGS = {
  companies: [
    'hiring-best-practices',
    'interview-guides',
    'job-description-templates',
    'candidate-assessment',
    'employee-onboarding',
    'performance-management',
    'team-building',
    'hr-policies',
  ],
  'job-seekers': ['personal-branding', 'networking-strategies', 'interview-preparation', 'resume-writing'],
} as const satisfies Record<ArticleCategory, readonly string[]>;

export const ARTICLE_CATEGORIES: readonly ArticleCategory[] = ['companies', 'job-seekers'];

/** Where a category's listing lives. */
export function categoryPath(category: ArticleCategory): string {
  return `/resources/${category}`;
}

/** The public URL path of an article. */
export function articlePath(category: ArticleCategory, slug: string): string {
  return `${categoryPath(category)}/articles/${slug}`;
}
