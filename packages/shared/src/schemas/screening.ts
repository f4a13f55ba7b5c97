import { z } from 'zod';
import { paginatedSchema, paginationQuerySchema } from './common';
import { isPlausibleDob, isValidNpi } from '../rules/screening-ids';

/**
 * Exclusion screening (issue 36): the HHS-OIG List of Excluded Individuals/Entities (LEIE) in its published CSV
 * layout, loaded by a platform admin or fetched on the queue, and candidates screened against it at Offer, at Hired
 * and monthly after. Results are for the company's admins only.
 */

/** The LEIE CSV's columns, in order, as HHS-OIG publishes them (UPDATED.csv). */
export const LEIE_COLUMNS = [
  'LASTNAME',
  'FIRSTNAME',
  'MIDNAME',
  'BUSNAME',
  'GENERAL',
  'SPECIALTY',
  'UPIN',
  'NPI',
  'DOB',
  'ADDRESS',
  'CITY',
  'STATE',
  'ZIP',
  'EXCLTYPE',
  'EXCLDATE',
  'REINDATE',
  'WAIVERDATE',
  'WVRSTATE',
] as const;

/** Largest LEIE file taken (the published list is about 15 MB). */
export const LEIE_MAX_BYTES = 64 * 1024 * 1024;

export const SCREENING_RESULTS = ['clear', 'possible', 'match'] as const;
export type ScreeningResult = (typeof SCREENING_RESULTS)[number];
export const SCREENING_RESULT_LABELS: Record<ScreeningResult, string> = {
  clear: 'Clear',
  possible: 'Possible match — verify',
  match: 'Match',
};
export const SCREENING_TRIGGERS = ['offer', 'hire', 'monthly'] as const;
export type ScreeningTrigger = (typeof SCREENING_TRIGGERS)[number];
export const SCREENING_DECISIONS = ['cleared', 'excluded'] as const;
export type ScreeningDecision = (typeof SCREENING_DECISIONS)[number];

export const SCREENING_MESSAGES = {
  onlyPlatformAdmins: 'Only the platform’s administrators can load the exclusion list.',
  fileRequired: 'Please choose the LEIE CSV file.',
  tooLarge: 'The file is too large for an LEIE list (64 MB at most).',
  rejected: (line: number, why: string) =>
    `The LEIE file was not loaded: line ${line}: ${why}. The list in force is unchanged.`,
  badHeader: `the header is not the LEIE layout (${LEIE_COLUMNS.join(',')})`,
  badColumns: (count: number) => `${count} columns instead of ${LEIE_COLUMNS.length} (a truncated or malformed row)`,
  badDate: (column: string) => `${column} is not a date as YYYYMMDD`,
  badNpi: 'NPI is not 10 digits',
  empty: 'the file has no rows',
  noUrl: 'No LEIE_URL is configured: upload the file instead.',
  fetchQueued: 'The LEIE list will be fetched and loaded in the background.',
  hireBlocked:
    'Exclusion screening found a possible match on the LEIE for this candidate: a company admin must record a decision before they can be moved to Hired.',
  screenAtOfferFirst:
    'Exclusion screening found a possible match on the LEIE for this candidate: move them to Offer first, where the screening is kept for a company admin to decide on.',
  hireExcluded: 'This candidate was confirmed on the LEIE exclusion list: they cannot be moved to Hired.',
  notFound: 'Screening not found.',
  badNpiCheck: 'Please enter the 10-digit NPI as issued: this one fails its check digit.',
  badDob: 'Please enter a date of birth (YYYY-MM-DD) between 14 and 100 years ago.',
  idsAdminsOnly: 'Only company administrators can add a date of birth or NPI.',
  idsAtOfferOnly: 'A date of birth or NPI is added when moving a candidate to Offer.',
  decisionNoteRequired: 'Please say how you verified it (at least 10 characters).',
  alreadyDecided: 'A decision was already recorded for this screening.',
  nothingToDecide: 'This screening found no match: there is nothing to decide.',
} as const;

/** Blank is not given; otherwise trimmed and checked. */
const blankIsNone = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * A candidate's date of birth and NPI for screening, both optional: given in the application or added by an admin at
 * Offer. With either, a LEIE row can be a "match" instead of a name-only "possible match".
 */
export const candidateIdsFields = {
  dob: z.preprocess(
    blankIsNone,
    z
      .string()
      .trim()
      .refine((v) => isPlausibleDob(v), SCREENING_MESSAGES.badDob)
      .optional(),
  ),
  npi: z.preprocess(
    blankIsNone,
    z
      .string()
      .trim()
      .refine((v) => isValidNpi(v), SCREENING_MESSAGES.badNpiCheck)
      .optional(),
  ),
};
export const candidateIdsSchema = z.object(candidateIdsFields);
export type CandidateIds = z.infer<typeof candidateIdsSchema>;

export const leieListSchema = z.object({
  id: z.uuid(),
  status: z.enum(['active', 'superseded', 'rejected']),
  source: z.enum(['upload', 'url']),
  rowCount: z.number().int(),
  createdAt: z.string(),
});
export type LeieList = z.infer<typeof leieListSchema>;

/** Where a queued fetch of LEIE_URL stands: waiting, running, waiting to retry after an error, or given up. */
export const LEIE_FETCH_STATES = ['queued', 'running', 'retrying', 'failed'] as const;
export const leieFetchSchema = z.object({
  state: z.enum(LEIE_FETCH_STATES),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** The last attempt's error (a network failure, an HTTP status). */
  error: z.string().nullable(),
  updatedAt: z.string(),
});
export type LeieFetch = z.infer<typeof leieFetchSchema>;

export const leieStatusSchema = z.object({
  active: leieListSchema.nullable(),
  /** Whether LEIE_URL is set (the fetch action). */
  fetchConfigured: z.boolean(),
  /** Whether the caller may upload or fetch the list (a platform admin); company admins see its state. */
  canManage: z.boolean(),
  /** The fetch under way or failed since the list in force was loaded; null when none. */
  fetch: leieFetchSchema.nullable(),
  /** A fetched file rejected whole since the list in force was loaded (its line and why); null when none. */
  rejected: z.object({ error: z.string(), createdAt: z.string() }).nullable(),
});
export type LeieStatus = z.infer<typeof leieStatusSchema>;

export const screeningMatchSchema = z.object({
  line: z.number().int(),
  name: z.string(),
  dob: z.string(),
  npi: z.string(),
  state: z.string(),
  exclType: z.string(),
  exclDate: z.string(),
  /** Why it matched: 'npi', 'name and date of birth', 'name', 'similar name'. */
  reason: z.string(),
  result: z.enum(['possible', 'match']),
});
export type ScreeningMatch = z.infer<typeof screeningMatchSchema>;

export const screeningSchema = z.object({
  id: z.uuid(),
  pipelineId: z.uuid(),
  /** dob (YYYY-MM-DD) and npi when the candidate or an admin gave them. */
  candidate: z.object({ id: z.uuid(), name: z.string(), dob: z.string().nullable(), npi: z.string().nullable() }),
  job: z.object({ id: z.uuid(), title: z.string() }),
  trigger: z.enum(SCREENING_TRIGGERS),
  result: z.enum(SCREENING_RESULTS),
  matches: z.array(screeningMatchSchema),
  decision: z.enum(SCREENING_DECISIONS).nullable(),
  decisionNote: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Screening = z.infer<typeof screeningSchema>;

/** Which screenings: all, those awaiting an admin's decision (possible match or match, undecided), or the rest. */
export const SCREENING_VIEWS = ['all', 'awaiting', 'history'] as const;
export type ScreeningView = (typeof SCREENING_VIEWS)[number];
export const screeningListQuerySchema = paginationQuerySchema.extend({ view: z.enum(SCREENING_VIEWS).default('all') });
export type ScreeningListQuery = z.infer<typeof screeningListQuerySchema>;
export const screeningListSchema = paginatedSchema(screeningSchema);
export type ScreeningList = z.infer<typeof screeningListSchema>;

export const screeningDecisionSchema = z.object({
  decision: z.enum(SCREENING_DECISIONS),
  note: z
    .string({ error: SCREENING_MESSAGES.decisionNoteRequired })
    .trim()
    .min(10, SCREENING_MESSAGES.decisionNoteRequired)
    .max(1000),
});
export type ScreeningDecisionInput = z.infer<typeof screeningDecisionSchema>;

export const screeningParamsSchema = z.object({ companyId: z.uuid(), id: z.uuid() });

/** Exclusion screening (issue 36): the company admins' page of the LEIE list and the screenings. */
export const SCREENING_TEXTS = {
  pageTitle: 'Exclusion screening',
  pageIntro:
    'Candidates are screened against the HHS-OIG List of Excluded Individuals/Entities (LEIE) when they reach Offer, and hires again every month. A possible match blocks Hired until an admin records a decision. Referrers and candidates never see this page.',
  adminsOnly: 'Only company administrators can see exclusion screening.',
  listTitle: 'The LEIE list',
  listError: 'The LEIE list’s state could not be loaded.',
  listNone: 'No LEIE list is loaded yet',
  listNoneHint:
    'Candidates are not screened until the platform’s administrators load the list. Moves to Offer and Hired go ahead meanwhile.',
  listNoneManage: 'Upload the LEIE CSV below, or fetch it from the configured address.',
  loadedAt: 'Loaded',
  rows: 'Rows',
  source: 'Source',
  sourceLabels: { upload: 'Uploaded file', url: 'Fetched from LEIE_URL' },
  uploadLabel: 'LEIE CSV file (UPDATED.csv from oig.hhs.gov)',
  uploadHint:
    'Checked whole: a malformed or truncated file is refused with the line that failed, and the list in force stays.',
  upload: 'Upload and load',
  uploading: (megabytes: string) => `Uploading and checking ${megabytes} MB… the full list takes up to a minute.`,
  uploaded: (rows: number) => `LEIE list loaded: ${rows.toLocaleString('en-US')} rows`,
  uploadFailed: 'The LEIE file was not loaded.',
  fetchNow: 'Fetch now',
  fetchQueued: 'Fetch queued',
  fetchStates: {
    queued: 'A fetch from LEIE_URL is queued.',
    running: 'Fetching and loading the list from LEIE_URL…',
    retrying: 'The last fetch failed; it will be tried again.',
    failed: 'Fetching the list from LEIE_URL failed and was given up.',
  },
  attempts: (attempts: number, max: number) => `Attempt ${attempts} of ${max}`,
  rejectedTitle: 'The last fetched file was refused',
  awaitingTitle: 'Awaiting a decision',
  awaitingIntro:
    'Compare each possible match with the candidate (the OIG’s online search and a licence check help), then record whether they are someone else (cleared) or the excluded person (excluded).',
  awaitingEmpty: 'Nothing to decide',
  awaitingEmptyHint: 'Screenings that find a possible match or a match appear here until an admin decides.',
  screensError: 'The screenings could not be loaded.',
  screenedAt: (trigger: string, when: string) => `Screened ${trigger} · ${when}`,
  triggerLabels: { offer: 'at Offer', hire: 'at Hired', monthly: 'monthly' },
  field: 'Field',
  candidateColumn: 'Candidate',
  leieColumn: (line: number) => `LEIE line ${line}`,
  fields: {
    name: 'Name',
    dob: 'Date of birth',
    npi: 'NPI',
    state: 'State',
    exclType: 'Exclusion type',
    exclDate: 'Exclusion date',
    reason: 'Why it matched',
  },
  unknown: 'Not given',
  decision: 'Decision',
  decisionLabels: { cleared: 'Cleared: someone else', excluded: 'Excluded: the same person' },
  note: 'How you verified it',
  noteHint: 'At least 10 characters, kept with the decision in the audit log.',
  record: 'Record decision',
  confirmTitle: (candidate: string) => `Record this decision for ${candidate}?`,
  confirmCleared: 'They will be allowed to move to Hired. The decision cannot be changed afterwards.',
  confirmExcluded: 'They will not be allowed to move to Hired. The decision cannot be changed afterwards.',
  confirm: 'Record',
  cancel: 'Cancel',
  decided: 'Decision recorded',
  decideFailed: 'The decision could not be recorded.',
  historyTitle: 'History',
  historyEmpty: 'No screenings yet',
  historyEmptyHint: 'Candidates are screened when they reach Offer.',
  columns: { candidate: 'Candidate', job: 'Job', when: 'Screened', result: 'Result', decision: 'Decision' },
  noDecision: '—',
  idsLegend: 'For exclusion screening (optional)',
  idsApplyHint:
    'Healthcare employers check new hires against the federal exclusion list (LEIE). A date of birth or NPI tells you apart from someone with the same name. Only the company’s administrators see them.',
  idsOfferHint:
    'The candidate is screened against the LEIE now. A date of birth or NPI turns a name-only “possible match” into a clear answer.',
  dobLabel: 'Date of birth',
  npiLabel: 'NPI (10 digits)',
  offerTitle: (name: string) => `Move ${name} to Offer`,
  offerConfirm: 'Move to Offer',
} as const;
