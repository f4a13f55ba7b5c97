import type { ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';
import { APP_ROUTES } from '@referwell/shared/routes';
import { ARTICLE_CATEGORIES, ARTICLE_SLUGS, articlePath } from './articles/slugs';
import { loadArticleBody } from './articles/bodies';
import type { ArticleCategory } from './articles/types';
import type { PageMeta, StaticMetaHandle } from '@/lib/page-meta';

/*
 * The public content pages (SPEC §2): How it works, Beta program, the /join landing page, Resources
 * and the resource articles. Paths are relative, for use as children of the root ('/') route. Every
 * page is its own lazily loaded chunk; its route handle carries the page metadata ({ meta }).
 */

type LazyRoute = LazyRouteFunction<RouteObject>;

/** A page module that exports its component and its fixed metadata. */
function page<M extends { meta: PageMeta }>(load: () => Promise<M>, component: (mod: M) => ComponentType): LazyRoute {
  return async () => {
    const mod = await load();
    const handle: StaticMetaHandle = { meta: mod.meta };
    return { Component: component(mod), handle };
  };
}

function articleRoute(category: ArticleCategory, slug: string): RouteObject {
  return {
    path: articlePath(category, slug).slice(1),
    lazy: async () => {
      const [page, body] = await Promise.all([import('./article-page'), loadArticleBody(category, slug)]);
      return page.articleRoute(category, slug, body);
    },
  };
}

export const contentRoutes: RouteObject[] = [
  {
    path: APP_ROUTES.howItWorks,
    lazy: page(
      () => import('./how-it-works-job-seekers-page'),
      (m) => m.HowItWorksJobSeekersPage,
    ),
  },
  {
    path: APP_ROUTES.howItWorksCompanies,
    lazy: page(
      () => import('./how-it-works-companies-page'),
      (m) => m.HowItWorksCompaniesPage,
    ),
  },
  {
    path: APP_ROUTES.howItWorksReferrers,
    lazy: page(
      () => import('./how-it-works-referrers-page'),
      (m) => m.HowItWorksReferrersPage,
    ),
  },
  {
    path: APP_ROUTES.betaProgramCompanies,
    lazy: page(
      () => import('./beta-program-companies-page'),
      (m) => m.BetaProgramCompaniesPage,
    ),
  },
  {
    path: APP_ROUTES.betaProgramJobSeekers,
    lazy: page(
      () => import('./beta-program-job-seekers-page'),
      (m) => m.BetaProgramJobSeekersPage,
    ),
  },
  {
    path: APP_ROUTES.join,
    lazy: page(
      () => import('./join-page'),
      (m) => m.JoinPage,
    ),
  },
  {
    path: APP_ROUTES.resources,
    lazy: page(
      () => import('./resources-page'),
      (m) => m.ResourcesPage,
    ),
  },
  {
    path: APP_ROUTES.resourcesCompanies,
    lazy: page(
      () => import('./company-resources-page'),
      (m) => m.CompanyResourcesPage,
    ),
  },
  {
    path: APP_ROUTES.resourcesJobSeekers,
    lazy: page(
      () => import('./job-seeker-resources-page'),
      (m) => m.JobSeekerResourcesPage,
    ),
  },
  // One route per article (APP_ROUTES.companyArticle, jobSeekerArticle): its page and its own text load together,
  // and an unknown slug is the 404 page.
  ...ARTICLE_CATEGORIES.flatMap((category) => ARTICLE_SLUGS[category].map((slug) => articleRoute(category, slug))),
];

/**
 * Every concrete public URL path served by `contentRoutes`, including each article, for the sitemap
 * and prerendering. The home page ('/') is not one of these routes and is not included.
 */
export function publicContentPaths(): string[] {
  return contentRoutes.map((route) => route.path).flatMap((path) => (typeof path === 'string' ? [`/${path}`] : []));
}
