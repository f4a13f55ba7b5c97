import { candidateAssessment } from './companies/candidate-assessment';
import { employeeOnboarding } from './companies/employee-onboarding';
import { hiringBestPractices } from './companies/hiring-best-practices';
import { hrPolicies } from './companies/hr-policies';
import { interviewGuides } from './companies/interview-guides';
import { jobDescriptionTemplates } from './companies/job-description-templates';
import { performanceManagement } from './companies/performance-management';
import { teamBuilding } from './companies/team-building';
import { interviewPreparation } from './job-seekers/interview-preparation';
import { networkingStrategies } from './job-seekers/networking-strategies';
import { personalBranding } from './job-seekers/personal-branding';
import { resumeWriting } from './job-seekers/resume-writing';
import { ARTICLE_SLUGS } from './slugs';
import type { Article, ArticleCategory } from './types';

export type { Article, ArticleCard, ArticleCategory, ArticleSection } from './types';
export { ARTICLE_CATEGORIES, ARTICLE_SLUGS, articlePath, categoryPath } from './slugs';

/** Every article, company articles first, each category in its listing order (ARTICLE_SLUGS). */
export const articles: readonly Article[] = [
  hiringBestPractices,
  interviewGuides,
  jobDescriptionTemplates,
  candidateAssessment,
  employeeOnboarding,
  performanceManagement,
  teamBuilding,
  hrPolicies,
  personalBranding,
  networkingStrategies,
  interviewPreparation,
  resumeWriting,
];

/** The articles of one category, in listing order. */
export function articlesIn(category: ArticleCategory): Article[] {
  const order: readonly string[] = ARTICLE_SLUGS[category];
  return articles
    .filter((article) => article.category === category)
    .sort((a, b) => order.indexOf(a.slug) - order.indexOf(b.slug));
}

/** The article at /resources/{category}/articles/{slug}, or undefined when there is none. */
export function findArticle(category: ArticleCategory, slug: string | undefined): Article | undefined {
  if (!slug) return undefined;
  return articles.find((article) => article.category === category && article.slug === slug);
}

/** Every piece of text in an article that is rendered as rich text (and may hold links). */
export function articleTexts(article: Article): string[] {
  return [
    article.description,
    article.introduction,
    ...article.sections.flatMap((section) => [section.title, section.body, ...(section.bullets ?? [])]),
    ...(article.cards ?? []).flatMap((card) => [card.title, card.body]),
    article.conclusion,
  ];
}
