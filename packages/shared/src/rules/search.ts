/**
 * How search text is cut into words, for documents and queries alike (jobs and candidates). Punctuation that is part
 * of a technology's name is kept as letters: `C#` → `csharp`, `C++` → `cplusplus`, `.NET` → `dotnet`, `Node.js` →
 * `nodejs`; every other non-letter separates words (`HL7/FHIR` → `hl7 fhir`). PostgreSQL's `search_normalize()`
 * (migration of issue 17) applies the same steps to documents; a test holds the two to the same output.
 */
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

/**
 * A PostgreSQL `to_tsquery` text: every word must match (AND), each word as itself or, when given, one of its
 * alternatives (known words similar to a typo). Words hold only letters and digits, so nothing needs escaping.
 */
export function tsQueryText(
  words: readonly string[],
  alternatives: ReadonlyMap<string, readonly string[]> = new Map(),
) {
  return words
    .map((word) => {
      const options = [word.length >= PREFIX_MIN_LENGTH ? `${word}:*` : word, ...(alternatives.get(word) ?? [])];
      return options.length === 1 ? options[0]! : `(${options.join(' | ')})`;
    })
    .join(' & ');
}
