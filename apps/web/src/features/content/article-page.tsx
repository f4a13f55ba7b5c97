import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { BRAND } from '@referwell/shared/constants';
import { RichInline, RichText } from '@/components/rich-text';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { categoryPath, type Article, type ArticleBody, type ArticleCategory } from './articles';
import { findTeaser, teasersIn } from './articles/teasers';
import { ArticleList } from './article-list';
import { BackLink } from './back-link';
import type { StaticMetaHandle } from '@/lib/page-meta';

const CATEGORY_LABEL: Record<ArticleCategory, string> = {
  companies: 'Company Resources',
  'job-seekers': 'Job Seeker Resources',
};

function ArticleText({ article }: { article: Article }) {
  return (
    <>
      <RichText text={article.introduction} className="mt-8 text-lg leading-8" />

      {article.sections.map((section, index) => (
        <section key={section.title} aria-labelledby={`section-${index}`} className="mt-12">
          <h2 id={`section-${index}`} className="text-2xl font-semibold tracking-tight text-balance">
            {section.title}
          </h2>
          <RichText text={section.body} className="mt-4 leading-7" />
          {section.bullets?.length ? (
            <ul className="mt-4 list-disc space-y-2 pl-6 leading-7 marker:text-primary">
              {section.bullets.map((bullet) => (
                <li key={bullet}>
                  <RichInline text={bullet} />
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}

      {article.cards?.length ? (
        <section aria-labelledby="article-cards" className="mt-12">
          <h2 id="article-cards" className="text-2xl font-semibold tracking-tight">
            {article.cardsTitle ?? 'Key takeaways'}
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-3">
            {article.cards.map((card) => (
              <li key={card.title} className="flex">
                <Card className="w-full">
                  <CardHeader>
                    <CardTitle>{card.title}</CardTitle>
                  </CardHeader>
                  <CardContent>
                    <RichText text={card.body} className="text-sm text-muted-foreground" />
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section
        aria-labelledby="article-conclusion"
        className="mt-12 rounded-xl border border-primary/30 bg-accent/40 p-6"
      >
        <h2 id="article-conclusion" className="text-2xl font-semibold tracking-tight">
          Conclusion
        </h2>
        <RichText text={article.conclusion} className="mt-4 leading-7" />
      </section>
    </>
  );
}

/** One article (SPEC §2 "Article layout"). */
export function ArticlePage({ article }: { article: Article }) {
  const { category } = article;
  const more = teasersIn(category)
    .filter((other) => other.slug !== article.slug)
    .slice(0, 2);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <BackLink to={categoryPath(category)}>{`Back to ${CATEGORY_LABEL[category]}`}</BackLink>
      <article className="mt-8">
        <header>
          <Badge variant="secondary">{article.badge}</Badge>
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{article.title}</h1>
          <p className="mt-4 text-xl text-muted-foreground text-pretty">{article.description}</p>
        </header>
        <ArticleText article={article} />
      </article>

      <aside aria-labelledby="more-articles" className="mt-16 border-t pt-12">
        <h2 id="more-articles" className="text-2xl font-semibold tracking-tight">
          Keep reading
        </h2>
        <div className="mt-6">
          <ArticleList articles={more} />
        </div>
        <div className="mt-8 flex flex-col gap-4 sm:flex-row">
          <Button asChild>
            <Link to="/waitlist">Join the {BRAND.name} Waitlist</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={categoryPath(category)}>All {CATEGORY_LABEL[category]}</Link>
          </Button>
        </div>
      </aside>
    </div>
  );
}

/**
 * The route of one article, from its text module (ARTICLE_BODIES): the page, and its card's title and description as
 * the page metadata. Each article is its own route, so a page loads its own text and no other's.
 */
export function articleRoute(
  category: ArticleCategory,
  slug: string,
  body: ArticleBody,
): { Component: ComponentType; handle: StaticMetaHandle } {
  const teaser = findTeaser(category, slug);
  if (!teaser) throw new Error(`no article card for ${category}/${slug}`);
  const article: Article = { ...teaser, ...body };
  return {
    Component: () => <ArticlePage article={article} />,
    handle: { meta: { title: article.title, description: article.description } },
  };
}
