import type { Db } from '../../db/client';
import { ShortCache } from '../../lib/short-cache';

/**
 * Which talents a search finds, in its order, and how many: the part of a talent search that is the same for every
 * viewer (the page's names, contact details and rating are read for each request). Kept per database by the filters
 * that choose and order matches, the ranking job's skill keys and the page.
 */
export interface MatchedPage {
  rows: { id: string; match_score: number | null }[];
  /** Matches counted (browsing: at most the count limit + 1). */
  matches: number;
  /** Browsing the whole pool: the count stopped at the limit. */
  bounded: boolean;
}

/**
 * Matched pages are answered from memory this long. Every statement that writes talent_profiles sends a NOTIFY
 * (a trigger, so the seed and imports count too) and every process drops them (forgetTalentSearches), so this only
 * bounds a lost notification, as for job searches (ADR 0009).
 */
export const TALENT_SEARCH_TTL_MS = 60_000;

const caches = new WeakMap<Db, ShortCache<MatchedPage>>();

export function matchedPages(db: Db): ShortCache<MatchedPage> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new ShortCache()));
  return cache;
}

/**
 * Talent profiles changed: searches run afresh. Called by the talent service after its own writes (the next search
 * sees them at once) and on the talent notification every write sends to every process (realtime hub).
 */
export function forgetTalentSearches(db: Db): void {
  caches.get(db)?.clear();
}
