import { sql, type SQL } from 'drizzle-orm';
import { FUZZY_MIN_LENGTH, PREFIX_MIN_LENGTH, searchWords, tsQueryText } from '@referwell/shared';
import type { Executor } from '../../db/repository';
import { preparedRows } from '../../db/prepared';
import { ShortCache } from '../short-cache';

/** Known words at least this similar (pg_trgm trigram similarity) stand in for a query word that matches nothing. */
const SIMILARITY = 0.4;
const ALTERNATIVES = 3;
const EXPANSIONS = 5;
/** A word's alternatives are looked up once a minute per process (the vocabulary changes slowly). */
const ALTERNATIVES_TTL_MS = 60_000;

const lookups = new WeakMap<object, ShortCache<Map<string, string[]>>>();

/**
 * For each query word, the known words (search_words, a trigram index) it stands for: up to EXPANSIONS words it
 * begins, shortest first; or, for a word long enough to be a typo that begins no known word, the known words most
 * like it ("informatcs" → informatics). A prefix alone matches the same documents, but PostgreSQL estimates a prefix
 * match blindly; naming the common words it covers lets the planner see a broad search and walk the newest-first index.
 */
function alternativesFor(db: Executor, words: string[]): Promise<Map<string, string[]>> {
  const candidates = words.filter((w) => w.length >= PREFIX_MIN_LENGTH);
  if (candidates.length === 0) return Promise.resolve(new Map());
  let cache = lookups.get(db);
  if (!cache) lookups.set(db, (cache = new ShortCache()));
  return cache.get(candidates.join(' '), ALTERNATIVES_TTL_MS, async () => {
    const rows = await preparedRows<{ word: string; expansions: string[]; alternatives: string[] }>(
      db,
      sql`select t.word,
            array(select v.word from search_words v where v.word like t.word || '%'
                  order by length(v.word), v.word limit ${EXPANSIONS}) as expansions,
            array(select v.word from search_words v
                  where length(t.word) >= ${FUZZY_MIN_LENGTH} and v.word % t.word
                    and similarity(v.word, t.word) >= ${SIMILARITY}
                    and not exists (select 1 from search_words e where e.word like t.word || '%')
                  order by similarity(v.word, t.word) desc, v.word limit ${ALTERNATIVES}) as alternatives
          from unnest(${sql.param(candidates)}::text[]) as t(word)`,
    );
    return new Map(
      rows
        .map((r) => [r.word, r.expansions.length ? r.expansions : r.alternatives] as const)
        .filter(([, known]) => known.length > 0),
    );
  });
}

/**
 * The one text matcher of job and candidate search: the words of `q` (see normalizeSearchText), each as a prefix,
 * with typo alternatives, as a `to_tsquery` text to pass as one parameter; null when `q` has no words.
 */
export async function textQuery(db: Executor, q: string | undefined): Promise<string | null> {
  const words = searchWords(q ?? '');
  if (words.length === 0) return null;
  return tsQueryText(words, await alternativesFor(db, words));
}

/** `textQuery` of many texts with one lookup of their words' alternatives (a batch of saved searches). */
export async function textQueries(db: Executor, texts: (string | undefined)[]): Promise<Map<string, string | null>> {
  const wordsOf = new Map(texts.map((q) => [q ?? '', searchWords(q ?? '')]));
  const alternatives = await alternativesFor(db, [...new Set([...wordsOf.values()].flat())].sort());
  return new Map([...wordsOf].map(([q, words]) => [q, words.length ? tsQueryText(words, alternatives) : null]));
}

/** The tsquery of a `textQuery` text (english stemming, like the documents). */
export const tsQuery = (text: string): SQL => sql`to_tsquery('english', ${text})`;
