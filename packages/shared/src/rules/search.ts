/**
 * How search text is cut into words, for documents and queries alike (jobs and candidates). Punctuation that is part
 * of a technology's name is kept as letters: `C#` → `csharp`, `C++` → `cplusplus`, `.NET` → `dotnet`, `Node.js` →
 * `nodejs`; every other non-letter separates words (`HL7/FHIR` → `hl7 fhir`). PostgreSQL's `search_normalize()`
 * (migration of issue 17) applies the same steps to documents; a test holds the two to the same output.
 */
import { SYNONYM_MAX_WORDS, synonymGroup } from './synonyms';

const WORD = String.raw`[\p{L}\p{N}]`;
const STEPS: [RegExp, string][] = [
  [new RegExp(String.raw`(^|[^\p{L}\p{N}])\.(?=\p{L})`, 'gu'), '$1dot'],
  [new RegExp(String.raw`(${WORD})#`, 'gu'), '$1sharp'],
  [new RegExp(String.raw`(${WORD})\+\+`, 'gu'), '$1plusplus'],
  [new RegExp(String.raw`(${WORD})\.(?=${WORD})`, 'gu'), '$1'],
  [new RegExp(String.raw`[^\p{L}\p{N}]+`, 'gu'), ' '],
];

export function normalizeSearchText(text: string): string {
  let out = text.toLowerCase();
  for (const [pattern, replacement] of STEPS) out = out.replace(pattern, replacement);
  return out.trim();
}

/** Words of a query, at most this many (a longer query adds nothing but cost). */
export const MAX_QUERY_WORDS = 8;
/** Words this long or longer match as prefixes ("informat" finds "Informatics"); shorter ones ("ai", "qa") whole. */
export const PREFIX_MIN_LENGTH = 3;
/** Words this long or longer that occur nowhere are matched to similar known words (typos). */
export const FUZZY_MIN_LENGTH = 5;

/** The distinct words of a query, in order. */
export function searchWords(query: string): string[] {
  const words = normalizeSearchText(query).split(' ').filter(Boolean);
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
}

/** One part of a query: the words as typed, and what matches it (`to_tsquery` fragments, any one of them). */
export interface QueryGroup {
  words: string[];
  options: string[];
}

/** A word as a `to_tsquery` term: a prefix from PREFIX_MIN_LENGTH letters ("informat" finds "informatics"). */
const term = (word: string) => (word.length >= PREFIX_MIN_LENGTH ? `${word}:*` : word);

/** A phrase as a `to_tsquery` fragment: its words anywhere in the document (no positions: GIN answers it alone). */
export const phraseTerm = (phrase: string) => {
  const words = phrase.split(' ').filter(Boolean);
  return words.length === 1 ? term(words[0]!) : `(${words.map(term).join(' & ')})`;
};

/**
 * The groups of a query's words: a word or phrase of a synonym group (rules/synonyms.ts) stands for every form of
 * its group ("developer" → developer | engineer | programmer, "registered nurse" → rn | registered & nurse); any other
 * word for itself as a prefix or, when given, one of its alternatives (known words similar to a typo). Words hold
 * only letters and digits, so nothing needs escaping.
 */
export function queryGroups(
  words: readonly string[],
  alternatives: ReadonlyMap<string, readonly string[]> = new Map(),
): QueryGroup[] {
  const groups: QueryGroup[] = [];
  for (let i = 0; i < words.length;) {
    let size = Math.min(SYNONYM_MAX_WORDS, words.length - i);
    for (; size >= 1; size--) {
      const synonyms = synonymGroup(words.slice(i, i + size).join(' '));
      if (!synonyms) continue;
      groups.push({ words: words.slice(i, i + size), options: synonyms.map(phraseTerm) });
      break;
    }
    if (size >= 1) {
      i += size;
      continue;
    }
    const word = words[i++]!;
    groups.push({ words: [word], options: [term(word), ...(alternatives.get(word) ?? [])] });
  }
  return groups;
}

/** A group as one `to_tsquery` fragment. */
export const groupText = (group: QueryGroup) =>
  group.options.length === 1 ? group.options[0]! : `(${group.options.join(' | ')})`;

/** Every group must match (AND). */
export const everyGroup = (groups: readonly QueryGroup[]) => groups.map(groupText).join(' & ');

/** Some groups but not every one ("partial" matches, ranked below complete ones); null for fewer than two groups. */
export const someGroups = (groups: readonly QueryGroup[]) =>
  groups.length < 2 ? null : `(${groups.map(groupText).join(' | ')}) & !(${everyGroup(groups)})`;

/** Any group (for ranking partial matches by how many groups they hold). */
export const anyGroup = (groups: readonly QueryGroup[]) => groups.map(groupText).join(' | ');

/**
 * A PostgreSQL `to_tsquery` text: every word must match (AND), each word as itself, its synonyms or, when given, one
 * of its alternatives (known words similar to a typo).
 */
export function tsQueryText(
  words: readonly string[],
  alternatives: ReadonlyMap<string, readonly string[]> = new Map(),
) {
  return everyGroup(queryGroups(words, alternatives));
}
