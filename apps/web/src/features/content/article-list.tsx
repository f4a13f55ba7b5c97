import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { articlePath, type ArticleTeaser } from './articles';

/**
 * Article teasers as cards. The title is the link (its accessible name); it stretches over the whole
 * card so the card is one large click target.
 */
export function ArticleList({
  articles,
  headingLevel = 'h3',
}: {
  articles: readonly ArticleTeaser[];
  headingLevel?: 'h2' | 'h3';
}) {
  return (
    <ul className="grid gap-6 md:grid-cols-2">
      {articles.map((article) => (
        <li key={article.slug} className="flex">
          <Card className="relative w-full transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
            <CardHeader>
              <Badge variant="secondary">{article.badge}</Badge>
              <CardTitle as={headingLevel} className="mt-2">
                <Link
                  to={articlePath(article.category, article.slug)}
                  className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none"
                >
                  {article.title}
                </Link>
              </CardTitle>
              <CardDescription className="text-base">{article.description}</CardDescription>
            </CardHeader>
            <CardContent className="mt-auto">
              <span aria-hidden className="inline-flex items-center gap-1 text-sm font-medium text-primary">
                Read article
                <ArrowRight className="size-4" />
              </span>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
