import type { Article } from './types';

export type { Article, ArticleBody, ArticleCard, ArticleCategory, ArticleSection, ArticleTeaser } from './types';
export { ARTICLE_CATEGORIES, ARTICLE_SLUGS, articlePath, categoryPath } from './slugs';
export { ARTICLE_TEASERS, findTeaser, teasersIn } from './teasers';
export { ARTICLE_BODIES, loadArticleBody } from './bodies';

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
