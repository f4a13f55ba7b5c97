import { describe, expect, it } from 'vitest';
import { paragraphsOf, safeLinkHref } from '@/components/rich-text';
import {
  ARTICLE_BODIES,
  ARTICLE_SLUGS,
  ARTICLE_TEASERS,
  articlePath,
  articleTexts,
  categoryPath,
  findTeaser,
  loadArticleBody,
  teasersIn,
  type Article,
} from './index';

/** Every article whole: its card and its text module. */
const articles: Article[] = await Promise.all(
  ARTICLE_TEASERS.map(async (teaser) => ({ ...teaser, ...(await loadArticleBody(teaser.category, teaser.slug)) })),
);

/** The article slugs SPEC §2 lists, per category. */
const SPEC_SLUGS = {
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
};

/** Anything that looks like a markdown link, even one the renderer would refuse. */
const LOOSE_LINK = /\[([^\]]*)\]\(([^)]*(?:\)[^\s)]*)?)\)/g;

function linksIn(text: string): string[] {
  return [...text.matchAll(LOOSE_LINK)].map((match) => match[2] ?? '');
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

describe('articles registry', () => {
  it('holds 12 articles with unique slugs', async () => {
    expect(articles).toHaveLength(12);
    expect(new Set(articles.map((article) => article.slug)).size).toBe(12);
    // Every text module has its card, and no card is without text.
    expect(Object.keys(ARTICLE_BODIES).sort()).toEqual(
      ARTICLE_TEASERS.map((teaser) => `./${teaser.category}/${teaser.slug}.ts`).sort(),
    );
    await expect(loadArticleBody('companies', 'personal-branding')).rejects.toThrow(/no article text/);
  });

  it('holds exactly the slugs SPEC §2 lists, in each category', () => {
    for (const category of ['companies', 'job-seekers'] as const) {
      expect(teasersIn(category).map((teaser) => teaser.slug)).toEqual(SPEC_SLUGS[category]);
      expect([...ARTICLE_SLUGS[category]]).toEqual(SPEC_SLUGS[category]);
    }
  });

  it('finds an article only in its own category', () => {
    expect(findTeaser('job-seekers', 'personal-branding')?.title).toMatch(/Personal Branding/);
    expect(findTeaser('companies', 'personal-branding')).toBeUndefined();
    expect(findTeaser('companies', 'no-such-article')).toBeUndefined();
    expect(findTeaser('companies', undefined)).toBeUndefined();
    expect(findTeaser('companies', '__proto__')).toBeUndefined();
  });

  it('builds article and listing paths', () => {
    expect(categoryPath('companies')).toBe('/resources/companies');
    expect(articlePath('job-seekers', 'resume-writing')).toBe('/resources/job-seekers/articles/resume-writing');
  });

  it.each(articles.map((article) => [article.slug, article] as const))('%s is complete', (_slug, article) => {
    expect(article.badge.trim()).not.toBe('');
    expect(article.title.trim()).not.toBe('');
    expect(article.description.length).toBeGreaterThan(60);
    expect(article.description.length).toBeLessThanOrEqual(200);
    expect(paragraphsOf(article.introduction).length).toBeGreaterThanOrEqual(1);
    expect(article.sections.length).toBeGreaterThanOrEqual(3);
    expect(article.sections.length).toBeLessThanOrEqual(6);
    expect(new Set(article.sections.map((section) => section.title)).size).toBe(article.sections.length);
    for (const section of article.sections) expect(section.body.trim()).not.toBe('');
    expect(article.conclusion.trim()).not.toBe('');
    const words = wordCount(articleTexts(article).join(' '));
    expect(words).toBeGreaterThanOrEqual(500);
    expect(words).toBeLessThanOrEqual(900);
  });

  it('uses bullets, cards and links across the collection', () => {
    expect(articles.filter((article) => article.sections.some((section) => section.bullets?.length)).length).toBe(12);
    expect(articles.filter((article) => article.cards?.length).length).toBeGreaterThanOrEqual(3);
    expect(articles.filter((article) => articleTexts(article).some((text) => linksIn(text).length)).length).toBe(12);
  });

  it('links only to http, https or mailto URLs', () => {
    const links = articles.flatMap((article) =>
      articleTexts(article).flatMap((text) => linksIn(text).map((url) => ({ slug: article.slug, url }))),
    );
    expect(links.length).toBeGreaterThan(0);
    for (const { slug, url } of links) {
      expect(safeLinkHref(url), `${slug}: ${url}`).not.toBeNull();
      expect(url, `${slug}: ${url}`).toMatch(/^(https?:\/\/|mailto:)/);
    }
  });
});
