import type { ArticleBody } from './types';

/**
 * Each article's text module by path (`./companies/hr-policies.ts`): the router fetches one with that article's page
 * only, so no page carries every article's text (bench/bundle-budget.ts).
 */
export const ARTICLE_BODIES = import.meta.glob<ArticleBody>('./*/*.ts', { import: 'body' });

/** The text of the article at /resources/{category}/articles/{slug}. */
export function loadArticleBody(category: string, slug: string): Promise<ArticleBody> {
  const load = ARTICLE_BODIES[`./${category}/${slug}.ts`];
  if (!load) return Promise.reject(new Error(`no article text for ${category}/${slug}`));
  return load();
}
