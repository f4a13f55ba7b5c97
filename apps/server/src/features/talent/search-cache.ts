import type { Db } from '../../db/client';
import { ShortCache } from '../../lib/short-cache';

/** A page's talent as its statement reads it: partial when it holds some of the search's words but not all. */
export interface MatchedRow {
  id: string;
  match_score: number | null;
  partial: boolean;
}

/**
 * Which talents a search finds, in its order, and how many: the part of a talent search that is the same for every
 * viewer (each viewer's contact details are read for each request, search-answer.ts). Kept per database by the
 * filters that choose and order matches, the ranking job's skill keys and the page.
 */
export interface MatchedPage {
  /** The page's talents in order. */
  ids: string[];
  /** Their cards as JSON left open before the contact details (search-answer.ts), one after another, in UTF-8. */
  cards: Buffer;
  /** Where each card ends in `cards`, by position. */
  cardEnds: number[];
  /** Matches counted: exact up to the count limit, past it more than the limit (search.ts, matchPage). */
  matches: number;
  /** Of those within the count limit, the talents with some of the search's words but not every one. */
  partials: number;
}

/**
 * What matched pages may hold: about 1,000 pages of 12 cards (a card is ~400 bytes). An id string is ~60 bytes, an
 * entry's map slot, arrays and buffer object ~300.
 */
export const MATCHED_PAGES_MAX_BYTES = 10 * 1024 * 1024;
const matchedPageBytes = (page: MatchedPage) => 300 + page.ids.length * 68 + page.cards.length;

/**
 * Matched pages are answered from memory this long. Every statement that writes talent_profiles sends a NOTIFY
 * (a trigger, so the seed and imports count too) and every process drops them (forgetTalentSearches), so this only
 * bounds a lost notification, as for job searches (ADR 0009).
 */
export const TALENT_SEARCH_TTL_MS = 60_000;

const caches = new WeakMap<Db, ShortCache<MatchedPage>>();

export function matchedPages(db: Db): ShortCache<MatchedPage> {
  let cache = caches.get(db);
  if (!cache)
    caches.set(db, (cache = new ShortCache(1_000, { maxBytes: MATCHED_PAGES_MAX_BYTES, bytesOf: matchedPageBytes })));
  return cache;
}

/**
 * Talent profiles changed: searches run afresh. Called by the talent service after its own writes (the next search
 * sees them at once) and on the talent notification every write sends to every process (realtime hub).
 */
export function forgetTalentSearches(db: Db): void {
  caches.get(db)?.clear();
}
