import type { Params } from 'react-router';
import { BRAND } from '@referwell/shared/constants';

/** Title and description of a page, for <title>, the description meta tag and Open Graph. */
export interface PageMeta {
  title: string;
  description: string;
  /** false: kept out of search engines (a thank-you page); the prerendered HTML says noindex. */
  indexable?: boolean;
}

/** A page with fixed metadata. */
export interface StaticMetaHandle {
  meta: PageMeta;
}

/** What a route may put in its `handle` (each article is its own route, so no page computes its meta from params). */
export type RouteMetaHandle = Partial<StaticMetaHandle>;

interface MatchLike {
  params: Params;
  route?: { handle?: unknown };
  handle?: unknown;
}

/** The deepest matched route that describes itself wins. */
export function resolvePageMeta(matches: MatchLike[]): PageMeta | null {
  for (const match of [...matches].reverse()) {
    const handle = (match.handle ?? match.route?.handle) as RouteMetaHandle | undefined;
    const meta = handle?.meta;
    if (meta) return meta;
  }
  return null;
}

export function documentTitle(meta: PageMeta): string {
  return meta.title.includes(BRAND.name) ? meta.title : `${meta.title} · ${BRAND.name}`;
}
