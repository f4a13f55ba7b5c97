/** Business constants and limits from SPEC §9. One place, imported by web and server. */

export const PRICING = {
  monthlyAccessUsd: 500,
  enterpriseLicenseUsdPerYear: 10_000,
  betaProgramMonths: 6,
} as const;

export const BETA_REQUIREMENTS = {
  jobSeekerMinYearsExperience: 2,
  jobSeekerReadyToMoveWithinMonths: 6,
  companyMinHiresWithinMonths: 6,
  companyMinHires: 1,
} as const;

export const TIMING = {
  simulatedLoadMs: 500,
  postSignupRedirectMs: 1500,
  loginErrorToastMs: 2000,
  extractionTimeoutMs: 120_000,
} as const;

export const UI = {
  mobileBreakpointPx: 768,
  chatBubbleMaxWidthPercent: 70,
  referralDialogMaxWidthPx: 500,
} as const;

export const MATCHING = {
  defaultMinScorePercent: 30,
  talentMatchMinScorePercent: 40,
  talentMatchMaxShown: 3,
  topTalentCount: 3,
} as const;

export const DASHBOARD_LIMITS = {
  referralRequestsShown: 3,
  referralsShown: 5,
  rolesToReferShown: 5,
} as const;

export const PAGINATION = {
  defaultPageSize: 20,
  maxPageSize: 100,
} as const;

export const BRAND = {
  name: 'Referwell',
  tagline: 'Referral-driven recruiting for healthcare technology',
} as const;

/** Company size choices on the company profile form. */
export const EMPLOYEE_COUNT_RANGES = ['1-10', '11-50', '51-200', '201-500', '501-1000', '1000+'] as const;

/** Self-identification (issue 36): the applicant's step, the admin's settings, the compliance report. */
export const SELF_ID_TEXTS = {
  stepTitle: 'Voluntary self-identification',
  stepIntro: (company: string) =>
    `${company} invites you to answer the questions below. Answering is voluntary and kept apart from your application: the hiring team and your referrer never see your answers.`,
  submit: 'Submit answers',
  submitting: 'Saving...',
  skip: 'Skip',
  saved: 'Thank you. Your answers are kept confidential.',
  failed: 'Your answers could not be saved. Please try again.',
  pageTitle: 'Self-identification',
  pageIntro:
    'Invite applicants to answer the voluntary EEO-1, disability (CC-305) and protected veteran forms. Answers are kept apart from applications, never reach referrers or the hiring team, and are read only as counts.',
  settingsTitle: 'Invitation',
  settingsEnable: 'Invite applicants to self-identify',
  settingsForms: 'Forms to offer',
  settingsSave: 'Save',
  settingsSaved: 'Self-identification settings saved',
  settingsAdminsOnly: 'Only company administrators can change these settings.',
  reportTitle: 'Report',
  reportIntro: (minCell: number) =>
    `Answers counted per job and period. A count below ${minCell}, or one that would reveal it, is hidden (—).`,
  reportRefused:
    'Only members with the compliance permission can read this report. An admin grants it on the team page.',
  reportEmpty: 'No answers in this period yet.',
  reportError: 'The report could not be loaded.',
  respondents: 'Respondents',
  suppressed: '—',
  period: 'Period',
  complianceLabel: 'Compliance',
  complianceHelp: 'Reads the self-identification report',
  complianceNote:
    'Compliance: reads the self-identification report (counts only, never a person’s answers). Admins need it too.',
  complianceGranted: 'Compliance permission granted',
  complianceWithdrawn: 'Compliance permission withdrawn',
} as const;

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

/** Retention and data-subject requests (issue 36): the admin's privacy screen. */
export const PRIVACY_TEXTS = {
  pageTitle: 'Privacy and retention',
  pageIntro:
    'How long candidates’ personal data is kept after their last activity, and the access, deletion and correction requests you received, with their legal deadlines.',
  adminsOnly: 'Only company administrators can manage privacy and retention.',
  policyTitle: 'Retention policy',
  policyHint:
    'Candidates are reminded 30 days before the end and can renew with one click; otherwise their data is erased and referral and bonus history kept without their name.',
  defaultMonths: 'Months after last activity',
  countryMonths: 'Per country (one per line, e.g. DE 6)',
  policySaved: 'Retention policy saved',
  save: 'Save',
  requestsTitle: 'Data-subject requests',
  requestsEmpty: 'No requests recorded.',
  recordRequest: 'Record request',
  requestRecorded: 'Request recorded',
  markDone: 'Mark done',
  requestDone: 'Request marked done',
  kind: 'Request',
  requester: 'Requester',
  requesterName: 'Name',
  requesterEmail: 'E-mail',
  law: 'Law',
  receivedOn: 'Received on',
  due: 'Due',
  status: 'Status',
  open: 'Open',
  overdue: 'Overdue',
  done: 'Done',
  loadError: 'Could not load this. Please try again.',
  failed: 'That did not work. Please try again.',
} as const;

export const DSR_KIND_LABELS = { access: 'Access', deletion: 'Deletion', correction: 'Correction' } as const;
export const DSR_JURISDICTION_LABELS = {
  gdpr: 'GDPR / UK GDPR (1 month)',
  ccpa: 'CCPA / CPRA (45 days)',
  other: 'Other (30 days)',
} as const;
