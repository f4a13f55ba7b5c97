import { sql, type SQL } from 'drizzle-orm';
import {
  FUZZY_MIN_LENGTH,
  PREFIX_MIN_LENGTH,
  phraseTerm,
  queryGroups,
  searchWords,
  type QueryGroup,
} from '@referwell/shared';
import { placeInQuery, type PlaceQuery } from '@referwell/shared/places';
import type { Executor } from '../../db/repository';
import { preparedRows } from '../../db/prepared';
import { ShortCache } from '../short-cache';

/** Known words at least this similar (pg_trgm trigram similarity) stand in for a query word that matches nothing. */
const SIMILARITY = 0.4;
const ALTERNATIVES = 3;
const EXPANSIONS = 5;
/** A word's alternatives are looked up once a minute per process (the vocabulary changes slowly). */
const ALTERNATIVES_TTL_MS = 60_000;

/** What a query word stands for besides itself: known words it begins, or known words like it (a typo). */
interface Known {
  words: string[];
  /** The words are guesses for a word no document holds (shown as "did you mean"). */
  corrected: boolean;
}

const lookups = new WeakMap<object, ShortCache<Map<string, Known>>>();

/**
 * For each query word, the known words (search_words, a trigram index) it stands for: up to EXPANSIONS words it
 * begins, shortest first; or, for a word long enough to be a typo that begins no known word, the known words most
 * like it ("informatcs" → informatics). A prefix alone matches the same documents, but PostgreSQL estimates a prefix
 * match blindly; naming the common words it covers lets the planner see a broad search and walk the newest-first index.
 */
function alternativesFor(db: Executor, words: string[]): Promise<Map<string, Known>> {
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
        .map((r): [string, Known] =>
          r.expansions.length
            ? [r.word, { words: r.expansions, corrected: false }]
            : [r.word, { words: r.alternatives, corrected: true }],
        )
        .filter(([, known]) => known.words.length > 0),
    );
  });
}

const wordsOnly = (known: Map<string, Known>) => new Map([...known].map(([word, k]) => [word, k.words]));

/** A query word matched through guesses: "did you mean". */
export interface Correction {
  word: string;
  suggestions: string[];
}

/**
 * A search's words as the database matches them (`to_tsquery` fragments, see rules/search.ts), built by `searchText`.
 * A place named in the words ('fhir boston') is one more group: its words as text, or the place's tokens in the
 * documents (places.ts); remote work only by the tokens ('remote' does not find "remote patient monitoring").
 */
export interface SearchText {
  /** The groups of the words but the place's. */
  groups: QueryGroup[];
  /** The place named in the words, and its group; null when none is. */
  place: { query: PlaceQuery; group: QueryGroup } | null;
  corrections: Correction[];
  /** The words without the place's (the text a searcher keeps when the place becomes the location filter). */
  rest: string;
}

/** Every group of a search's words, the place's included. */
export const wordGroups = (text: SearchText): QueryGroup[] =>
  text.place ? [...text.groups, text.place.group] : text.groups;

/** A place's tokens as a group: any of them (a reading of several tokens needs them all). */
export const placeTokenGroup = (place: PlaceQuery): QueryGroup => ({
  words: [],
  options: place.groups.map((g) => (g.length === 1 ? g[0]! : `(${g.join(' & ')})`)),
});

/** A place's group among words: its words as text (not for remote work) or any of its tokens. */
function placeGroup(place: PlaceQuery): QueryGroup {
  const words = searchWords(place.text);
  const text = place.kind === 'remote' || words.length === 0 ? [] : [phraseTerm(words.join(' '))];
  return { words, options: [...text, ...placeTokenGroup(place).options] };
}

/** A query's place (when `places`) and its other words. */
function splitQuery(q: string | undefined, places: boolean) {
  const raw = (q ?? '').trim();
  const found = places ? placeInQuery(raw) : null;
  const tokens = raw.split(/\s+/).filter(Boolean);
  const rest = found ? [...tokens.slice(0, found.start), ...tokens.slice(found.end)].join(' ') : raw;
  return { place: found?.place ?? null, rest, words: searchWords(rest) };
}

function build(split: ReturnType<typeof splitQuery>, known: Map<string, Known>): SearchText | null {
  const { place, rest, words } = split;
  if (words.length === 0 && !place) return null;
  return {
    groups: queryGroups(words, wordsOnly(known)),
    place: place ? { query: place, group: placeGroup(place) } : null,
    corrections: words.flatMap((word) => {
      const k = known.get(word);
      return k?.corrected ? [{ word, suggestions: k.words }] : [];
    }),
    rest,
  };
}

/**
 * The one text matcher of job and candidate search: the words of `q` (see normalizeSearchText) in groups (synonyms,
 * prefixes, typo alternatives) and, with `places`, a place among them. Null when `q` has no words.
 */
export async function searchText(
  db: Executor,
  q: string | undefined,
  { places = true }: { places?: boolean } = {},
): Promise<SearchText | null> {
  const split = splitQuery(q, places);
  return build(split, await alternativesFor(db, split.words));
}

/** The tsquery of a `searchText` text (english stemming, like the documents). */
export const tsQuery = (text: string): SQL => sql`to_tsquery('english', ${text})`;

/** `searchText` of many texts with one lookup of all their words' alternatives (a batch of saved searches). */
export async function searchTexts(
  db: Executor,
  texts: (string | undefined)[],
): Promise<Map<string, SearchText | null>> {
  const splits = new Map(texts.map((q) => [q ?? '', splitQuery(q, true)]));
  const known = await alternativesFor(db, [...new Set([...splits.values()].flatMap((s) => s.words))].sort());
  return new Map([...splits].map(([q, split]) => [q, build(split, known)]));
}
