import { anyGroup, everyGroup, type DistanceUnit, type PlaceInterpretation, type QueryGroup } from '@referwell/shared';
import { KM_PER_MILE, distanceTokens, resolvePlace, type PlaceQuery } from '@referwell/shared/places';
import type { Executor } from '../../db/repository';
import { placeTokenGroup, searchText, searchTexts, type Correction, type SearchText } from './text-query';

/** Within `km` kilometres of a point: the exact test of a distance filter (its cells are in the text). */
export interface Near {
  lat: number;
  lon: number;
  km: number;
}

/** One part of a search's matches: its `to_tsquery` texts (null: no text at all) and its distance test. */
export interface MatchPart {
  /** What a document must match. */
  text: string | null;
  /** What ts_rank ranks by (the words, not the place); null: no words to rank by. */
  rank: string | null;
  near: Near | null;
}

/** A job or candidate search's words, place and distance, resolved into what the database tests. */
export interface SearchTerms {
  /** Every word and the place filters: what a search lists first. */
  all: MatchPart;
  /** Some of the words but not every one, and the place filters: listed after. Null with fewer than two words. */
  some: MatchPart | null;
  /**
   * `all` and `some` together (any of the words, and the place filters), ranked by how many words a document holds:
   * for a search that orders every match in one statement (candidate search), telling complete matches by `all`.
   * Null with fewer than two words.
   */
  any: MatchPart | null;
  place: PlaceInterpretation | null;
  corrections: Correction[];
}

/** The place filters a search may have (the job and candidate search filters both hold them). */
export interface PlaceFilters {
  q?: string | undefined;
  location?: string | undefined;
  distance?: number | undefined;
  unit?: DistanceUnit | undefined;
}

const withAll = (text: string, hard: QueryGroup[]) => (hard.length ? `(${text}) & ${everyGroup(hard)}` : text);

/**
 * The words (`text`) with the place filters. The location filter must match (its tokens, or within the distance);
 * a place named in the words is one more word that may or may not match, unless a distance is asked without a
 * location, when the distance is measured from it. Every word must match in `all`; in `some`, at least one but not
 * every one. Ranking reads the words only.
 */
export function searchTerms(filters: PlaceFilters, text: SearchText | null): SearchTerms {
  const location: PlaceQuery | null = filters.location ? resolvePlace(filters.location) : null;
  const fromQuery = text?.place ?? null;
  const place = location ?? fromQuery?.query ?? null;
  const km = filters.distance ? filters.distance * (filters.unit === 'km' ? 1 : KM_PER_MILE) : null;
  const center = km !== null ? (place?.center ?? null) : null;

  const soft: QueryGroup[] = text ? [...text.groups] : [];
  const hard: QueryGroup[] = [];
  let near: Near | null = null;
  if (center && km !== null) {
    near = { lat: center.lat, lon: center.lon, km };
    hard.push({ words: [], options: distanceTokens(center, km) });
    // The named place became the distance's center; a place named besides the location filter stays a word.
    if (location && fromQuery) soft.push(fromQuery.group);
  } else {
    if (location) hard.push(placeTokenGroup(location));
    if (text?.place) soft.push(text.place.group);
  }
  const every = [...soft, ...hard];
  const textGroups = text?.groups ?? [];
  const rankAll = textGroups.length ? everyGroup(textGroups) : null;
  const all: MatchPart = { text: every.length ? everyGroup(every) : null, rank: rankAll, near };
  const some: MatchPart | null =
    soft.length >= 2
      ? {
          text: withAll(`(${anyGroup(soft)}) & !(${everyGroup(soft)})`, hard),
          rank: textGroups.length ? anyGroup(textGroups) : null,
          near,
        }
      : null;
  const any: MatchPart | null = some ? { text: withAll(anyGroup(soft), hard), rank: some.rank, near } : null;
  const interpretation: PlaceInterpretation | null = place
    ? {
        source: location ? 'location' : 'query',
        text: place.text,
        kind: place.kind,
        label: place.label,
        choices: place.choices,
        suggestions: place.suggestions,
        near: near && center ? { label: center.label, distance: filters.distance!, unit: filters.unit ?? 'mi' } : null,
        distanceIgnored: km !== null && !near,
        rest: location ? null : (text?.rest ?? null),
      }
    : null;
  return { all, some, any, place: interpretation, corrections: text?.corrections ?? [] };
}

/** `searchTerms` of a search, its words resolved (synonyms, typos, a place among them). */
export async function resolveSearchTerms(db: Executor, filters: PlaceFilters): Promise<SearchTerms> {
  return searchTerms(filters, await searchText(db, filters.q));
}

/** `resolveSearchTerms` of many searches with one lookup of their words (a batch of saved searches). */
export async function resolveSearchTermsOf(db: Executor, list: PlaceFilters[]): Promise<SearchTerms[]> {
  const texts = await searchTexts(
    db,
    list.map((f) => f.q),
  );
  return list.map((f) => searchTerms(f, texts.get(f.q ?? '') ?? null));
}
