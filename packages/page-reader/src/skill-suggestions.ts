/**
 * Tools a posting's requirements name that the skills vocabulary does not know ('Experience with Gainsight',
 * 'Kubernetes, Datadog, PagerDuty', 'WCAG 2.1'): offered to the poster as chips to keep, never added silently.
 * Only clear shapes count: names in a list introduced by 'experience with' and its translations, lines that are
 * nothing but a list of names, camel-cased product names and names carrying a version number.
 */
import { recogniseSkills, SKILLS_VOCABULARY } from '@referwell/shared';

/** At most this many suggestions: a few likely tools, not every capitalised word. */
export const MAX_SUGGESTIONS = 8;

/** Lead-ins of a list of tools, in the five languages the reader knows. */
const LEAD_IN =
  /\b(?:experience (?:with|in|using)|experienced (?:with|in)|expert(?:ise)? (?:in|with)|knowledge of|proficien(?:t|cy) (?:in|with)|familiar(?:ity)? with|comfort(?:able)? with|skilled in|hands-on (?:with|in)|background in|tools? (?:like|such as)|such as|including|e\.g\.|erfahrung (?:mit|in)|kenntnisse (?:in|von|mit)|ervaring met|kennis van|ma[iî]trise d[e']|connaissance d[e']|exp[ée]rience (?:avec|en|sur)|conocimientos? (?:de|en)|experiencia (?:con|en))\s+/giu;

/** Words between list items: commas, 'and'/'or' and their translations, slashes. */
const LIST_SEPARATOR = /\s*(?:[,;/]|\s(?:and|or|und|oder|en|of|et|ou|y|o|e)\s)\s*/iu;

/** Endings that are not part of a name: 'a plus', 'preferred', 'von Vorteil', 'een pré'. */
const TRAILER =
  /\s+(?:is\s+)?(?:a\s+(?:big\s+)?plus|preferred|required|nice to have|desirable|von vorteil|erw[üu]nscht|een pr[ée]|un plus|souhait[ée]e?|deseable|valorable)\b.*$|\s*[(.:!].*$/iu;

/** Capitalised words that are not tools: languages, qualifications, generic nouns a list may hold. */
const NOT_TOOLS = new Set(
  [
    'english',
    'spanish',
    'german',
    'french',
    'dutch',
    'italian',
    'portuguese',
    'mandarin',
    'chinese',
    'bachelor',
    "bachelor's",
    'master',
    "master's",
    'phd',
    'mba',
    'apis',
    'api',
    'saas',
    'it',
    'ai',
    'ui',
    'ux',
    'us',
    'eu',
    'uk',
    'usa',
    'ehr',
    'emr',
    'epd',
    'kis',
  ].map((w) => w.toLowerCase()),
);

/** A version: dotted ('2.1', 'v3.11') or a year ('2016'); a lone small number is a count ('Mindestens 5'). */
const VERSION_NUMBER = String.raw`v?(?:\d+\.\d+(?:\.\d+)?|(?:19|20)\d\d)`;
const VERSION = String.raw`(?:\s+${VERSION_NUMBER}\+?)?`;
/** A name word: capitalised, an acronym, camel-cased or with digits ('Qt', 'RTOS', 'MuleSoft', 'UB-04'). */
const NAME_WORD = String.raw`(?:[\p{Lu}\d][\p{L}\d+#.&'’-]*)`;
/** A name of one to three name words ('Crystal Reports', 'Mirth Connect', 'Hugging Face Transformers'), maybe versioned. */
const NAME = new RegExp(String.raw`^${NAME_WORD}(?:\s+${NAME_WORD}){0,2}${VERSION}$`, 'u');
/** Shapes that are clearly product names wherever they stand: inner capitals, or a name with a version number. */
const STRONG = new RegExp(
  String.raw`(?<![\p{L}\d])(?:[\p{Lu}]?[\p{Ll}]+[\p{Lu}][\p{L}]*|[\p{Lu}][\p{L}]+(?:\s+[\p{Lu}][\p{L}]+)?\s+${VERSION_NUMBER})(?![\p{L}\d])`,
  'gu',
);

function cleanItem(raw: string): string {
  return raw
    .replace(TRAILER, '')
    .replace(/^(?:the|a|an|modern|advanced|basic|strong|solid)\s+/i, '')
    .replace(/[\s.,;:]+$/, '')
    .trim();
}

/** Whether a list item reads as a tool's name rather than words of a sentence. */
function looksLikeName(item: string): boolean {
  if (item.length < 2 || item.length > 40 || !NAME.test(item)) return false;
  if (/^\d/.test(item) && !/[\p{L}]{2}/u.test(item)) return false;
  return !item.split(/\s+/).some((word) => NOT_TOOLS.has(word.toLowerCase()));
}

/** The names in one list of items ('Kubernetes, Datadog and PagerDuty'): all of them must look like names. */
function namesInList(list: string): string[] {
  const items = list.split(LIST_SEPARATOR).map(cleanItem).filter(Boolean);
  return items.filter(looksLikeName);
}

/** Every tool-like name in requirement lines, known to the vocabulary or not, in order of appearance. */
export function toolNamesIn(text: string): string[] {
  const found: string[] = [];
  for (const rawLine of text.split('\n')) {
    const line = rawLine.replace(/^[-•*]\s*/, '').trim();
    if (!line || line.length > 300) continue;
    // A line that is only a list of names: 'Kubernetes, Datadog, PagerDuty', 'Go or Python'.
    const items = line.split(LIST_SEPARATOR).map(cleanItem).filter(Boolean);
    if (items.length >= 2 && items.every(looksLikeName)) found.push(...items);
    // A parenthesised list of names: 'interoperability (HL7, IHE)', 'speech to text (Whisper)'.
    for (const group of line.matchAll(/\(([^()]{2,80})\)/g)) {
      const inner = (group[1] ?? '').split(LIST_SEPARATOR).map(cleanItem).filter(Boolean);
      if (inner.length && inner.every(looksLikeName)) found.push(...inner);
    }
    for (const lead of line.matchAll(LEAD_IN)) {
      const rest = line.slice((lead.index ?? 0) + lead[0].length);
      // The list ends where the sentence does, or at words that are not names ('Salesforce for reporting').
      const list = rest.split(/[.;:!?]\s|\s(?:for|to|in|within|across|is|are|as|zur|pour|para|voor)\s/iu)[0] ?? '';
      found.push(...namesInList(list));
    }
    for (const strong of line.matchAll(STRONG)) if (looksLikeName(strong[0])) found.push(strong[0]);
  }
  const seen = new Set<string>();
  return found.filter((name) => {
    const key = name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

let vocabularyTerms: Set<string> | undefined;

/** Whether the vocabulary knows a name, as a term ('Go') or inside it ('Epic Cadence certification'). */
export function isKnownSkill(name: string): boolean {
  vocabularyTerms ??= new Set(SKILLS_VOCABULARY.flatMap((s) => [s.name, ...s.synonyms]).map((t) => t.toLowerCase()));
  return vocabularyTerms.has(name.toLowerCase()) || recogniseSkills(name).length > 0;
}

/** Tools named in a posting's requirements that the vocabulary does not recognise: the chips to offer. */
export function suggestSkills(requirements: string): string[] {
  return toolNamesIn(requirements)
    .filter((name) => !isKnownSkill(name))
    .slice(0, MAX_SUGGESTIONS);
}
