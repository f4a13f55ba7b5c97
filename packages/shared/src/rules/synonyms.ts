/**
 * Words of the field that mean the same to a searcher (issue 38): a query word or phrase of a group also finds the
 * group's other forms ("FHIR developer" finds "FHIR Engineer"; "RN" finds "Registered Nurse"). Phrases are written as
 * normalizeSearchText makes them (lowercase, punctuation as spaces) and match their words anywhere in a document.
 * Kept to equivalences a recruiter would agree with, not related words: a phrase that means more than one thing in
 * the field (PA: physician assistant or Pennsylvania; PM: product or project manager) has no group. No stop words
 * (PostgreSQL's english configuration drops them).
 */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['developer', 'engineer', 'programmer'],
  ['rn', 'registered nurse'],
  ['lpn', 'lvn', 'licensed practical nurse', 'licensed vocational nurse'],
  ['np', 'nurse practitioner'],
  ['cna', 'certified nursing assistant'],
  ['ehr', 'emr', 'electronic health record', 'electronic medical record'],
  ['informaticist', 'informatics specialist'],
  ['hie', 'health information exchange'],
  ['emt', 'emergency medical technician'],
  ['icu', 'intensive care unit'],
  ['rcm', 'revenue cycle'],
  ['sre', 'site reliability'],
  ['qa', 'quality assurance'],
  ['ux', 'user experience'],
  ['ui', 'user interface'],
  ['ml', 'machine learning'],
  ['ai', 'artificial intelligence'],
  ['nlp', 'natural language processing'],
  ['frontend', 'front end'],
  ['backend', 'back end'],
  ['fullstack', 'full stack'],
  ['k8s', 'kubernetes'],
  ['js', 'javascript'],
  ['ts', 'typescript'],
];

/** The longest phrase of a group in these words, at most this many words. */
export const SYNONYM_MAX_WORDS = Math.max(...SYNONYM_GROUPS.flat().map((p) => p.split(' ').length));

const GROUP_OF = new Map<string, readonly string[]>(
  SYNONYM_GROUPS.flatMap((group) => group.map((phrase) => [phrase, group] as const)),
);

/** The group of a normalised phrase ('developer' → developer, engineer, programmer), or undefined. */
export const synonymGroup = (phrase: string): readonly string[] | undefined => GROUP_OF.get(phrase);
