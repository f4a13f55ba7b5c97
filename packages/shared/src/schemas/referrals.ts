import { z } from 'zod';
import { bonusOfferSchema, optionalText } from './common';
import { SCREENING_MESSAGES, candidateIdsFields } from './screening';
import { isCalendarDate } from '../rules/input';
import { BONUS_INELIGIBLE_REASONS } from '../rules/bonus-policy';

import {
  BONUS_STATES,
  DECLINE_REASON_REQUIRED,
  DECLINE_REASONS,
  PIPELINE_STAGES,
  REFERRAL_STATUSES,
  REFERRER_RELATIONSHIPS,
  TRACKING_STATUSES,
  VOUCH_STRENGTHS,
  type ReferralStatus,
} from '../rules/pipeline';
/** How the candidate hears about their referral's status: what it means for them, not the team's pipeline words. */
export const CANDIDATE_REFERRAL_STATUS_WORDS: Record<ReferralStatus, string> = {
  pending: 'your referral is waiting for the hiring team to review it.',
  accepted: 'the hiring team is moving your referral forward.',
  rejected: 'the hiring team decided not to move forward this time.',
  completed: 'your referral is complete. Congratulations!',
};

export const REFERRAL_STATUS_LABELS: Record<ReferralStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
  completed: 'Completed',
};

/**
 * A referral request's states: a referral's four, and closed: it stopped mattering before the referrer answered
 * (the seeker was referred for the job by someone else, applied, was hired, or the job closed).
 */
export const REFERRAL_REQUEST_STATUSES = [...REFERRAL_STATUSES, 'closed'] as const;
export type ReferralRequestStatus = (typeof REFERRAL_REQUEST_STATUSES)[number];
export const REQUEST_CLOSE_REASONS = ['referred_elsewhere', 'applied', 'hired', 'job_closed'] as const;
export type RequestCloseReason = (typeof REQUEST_CLOSE_REASONS)[number];
export const REFERRAL_REQUEST_STATUS_LABELS: Record<ReferralRequestStatus, string> = {
  ...REFERRAL_STATUS_LABELS,
  closed: 'Closed',
};
/** Why a request closed, in the words of the referrer it was sent to (the notice instead of a dead Accept). */
export const REQUEST_CLOSED_FOR_REFERRER: Record<RequestCloseReason, (seeker: string, job: string) => string> = {
  referred_elsewhere: (seeker, job) =>
    `Someone else referred ${seeker} for ${job}, so this request closed. No action needed.`,
  applied: (seeker, job) => `${seeker} applied to ${job} directly, so this request closed. No action needed.`,
  hired: (seeker, job) => `${seeker} was hired for ${job}, so this request closed. No action needed.`,
  job_closed: (_seeker, job) => `${job} is no longer open, so this request closed.`,
};
/** The same for the seeker who sent it. */
export const REQUEST_CLOSED_FOR_SEEKER: Record<RequestCloseReason, string> = {
  referred_elsewhere: 'Closed: you were referred for this job by someone else.',
  applied: 'Closed: you applied to this job.',
  hired: 'Closed: you were hired for this job.',
  job_closed: 'Closed: the job is no longer open.',
};

/** The candidate's consent to being put forward by a referrer. */
export const REFERRAL_CONSENT_STATES = ['pending', 'confirmed', 'declined'] as const;
export type ReferralConsent = (typeof REFERRAL_CONSENT_STATES)[number];

export const NOTIFICATION_TYPES_REFERRALS = {
  statusUpdate: 'referral_update',
  request: 'referral_request',
  requestAnswered: 'referral_request_update',
  consent: 'referral_consent',
  newApplication: 'job_application',
  /** A candidate without a referral hears their application moved (its reference is the job). */
  applicationUpdate: 'application_update',
  /** The referrer's bonus became due: the candidate was hired (its reference is the referral). */
  bonusDue: 'bonus_due',
} as const;

/** "Bonus due": what the referrer and the company's admins are told when a hire makes a referral bonus due. */
export const BONUS_DUE_MESSAGES = {
  title: 'Referral bonus due',
  toReferrer: (bonus: string, candidate: string, job: string, payableFrom: string | null) =>
    `Your referral bonus of ${bonus} for ${candidate} (${job}) is due${payableFrom ? `, payable from ${payableFrom}` : ''}.`,
  toAdmins: (referrer: string, bonus: string, candidate: string, job: string, payableFrom: string | null) =>
    `${referrer} is due a referral bonus of ${bonus} for ${candidate} (${job})${payableFrom ? `, payable from ${payableFrom}` : ''}.`,
  /** A bonus whose amount the referral does not record (the company's default at the time). */
  unknownAmount: 'the agreed amount',
} as const;

export const REFERRAL_MESSAGES = {
  messageRequired: 'Please write a message to the referrer',
  missingRequestInfo: 'Missing required information to process your referral request.',
  requestSentTitle: 'Referral Request Sent',
  requestSent: 'Your request for a referral has been submitted.',
  requestFailedTitle: 'Error',
  requestFailed: 'There was a problem sending your referral request. Please try again.',
  duplicateRequest: 'You already have an open referral request with this referrer for this job.',
  alreadyReferredYou: 'You were already referred for this job: no need to ask again.',
  alreadyAppliedRequest: 'You already applied to this job, so a referral for it would not count.',
  onlyJobseekersRequest: 'Only job seekers can request referrals.',
  referrerUnavailable: 'This person is not accepting referral requests for this job.',
  requestNotFound: 'Referral request not found',
  requestAlreadyAnswered: 'This referral request has already been answered.',
  onlyReferrerAnswers: 'Only the referrer it was sent to can answer this request.',
  positionRequired: 'Please select a job position',
  onlyCompanyRefers: 'Only referrers and admins of a company can refer candidates.',
  notACandidate: 'Only job seekers can be referred.',
  alreadyReferred: 'This candidate has already been referred for this job.',
  jobClosed: 'This job is no longer accepting referrals.',
  createdTitle: 'Referral Created',
  created: (talent: string, job: string) => `You've successfully referred ${talent} for ${job}.`,
  createFailedTitle: 'Error',
  createFailed: 'Failed to create referral. Please try again.',
  startingTitle: 'Starting Referral',
  starting: (talent: string) => `Preparing referral form for ${talent}`,
  idMissing: 'Referral ID is missing',
  notFound: 'Referral not found',
  loadFailed: 'Failed to load referral details',
  onlyAdminsUpdate: 'Only company administrators can update the status of referrals.',
  statusUpdatedTitle: 'Status Updated',
  statusUpdated: (status: string) => `Referral status updated to ${status}`,
  updateFailedTitle: 'Update Failed',
  updateFailed: 'Failed to update referral status',
  notificationTitle: 'Referral Status Updated',
  notification: (talent: string, status: string) => `The status for ${talent} has been updated to ${status}`,
  candidateNotificationTitle: 'Update on your referral',
  candidateNotification: (job: string, status: ReferralStatus) => `${job}: ${CANDIDATE_REFERRAL_STATUS_WORDS[status]}`,
  undoExpired: 'This change can no longer be undone: its notifications have gone out.',
  undoneTitle: 'Change undone',
  consentConfirmed: 'Thanks! The company can now see your referral.',
  consentDeclined: 'You declined this referral. The referrer has been told.',
  stageNeedsAdmin:
    "Only company administrators can move a referred candidate's stage to one that changes the referral.",
  consentOnlyTalent: 'Only the candidate can answer this referral.',
  consentAlreadyGiven: 'You have already answered this referral.',
  bonusNotDue: 'A bonus can be marked paid only once the referral is completed and its bonus is due.',
  bonusNotYetDue: (dueOn: string) =>
    `This bonus is due on ${dueOn}. To pay it before then, use Pay early and give the reason.`,
  bonusAlreadyPayable: 'This bonus is due already: mark it paid instead of paying it early.',
  startDateNotHired: 'Only a hired candidate has a start date.',
  startDateSaved: 'Start date saved.',
  setStartDate: 'Set start date',
  changeStartDate: 'Change start date',
  setStartDateTitle: (name: string) => `${name}’s start date`,
  setStartDateDescription: 'The bonus becomes payable your bonus policy’s delay after the start date.',
  retentionUnconfirmed: (days: number) =>
    `Confirm that the hire was still employed on day ${days} after the start date before paying this bonus.`,
  noRequests: "You haven't requested any referrals yet.",
  noReferrals: 'No referrals yet',
  noReferrers: 'No referrers found for this company.',
  referrerNotFound: 'Referrer profile not found.',
  commentRequired: 'Please write a comment',
  onlyJobTeam: "Only the job's company team can see its candidates.",
  notReferable: 'This person cannot be referred.',
  nameRequired: 'Please enter their name',
  emailRequired: 'Please enter their e-mail address',
  emailInvalid: 'Please enter a valid e-mail address',
  phoneInvalid: 'Please enter a valid phone number, with the country code if outside the US',
  linkedinInvalid: 'Please enter a LinkedIn profile address (linkedin.com/in/…)',
  relationshipRequired: 'Please say how you know them',
  vouchRequired: 'Please say how well you can vouch for them',
  uploadNotFound: 'That résumé upload has expired. Please upload the file again.',
  invitationInvalid:
    'This link is invalid or has expired. Ask the person who referred you to send it again, or log in.',
  invitationClaimed: 'You already set a password for this profile. Please log in.',
  requestClosed: 'This request closed before it was answered.',
  teamNoteLabel: 'Note for the hiring team',
  teamNoteHint: 'Only the hiring team sees this. The candidate never does.',
  candidateNoteLabel: 'Note the candidate will see',
  candidateNoteHint: 'Shown to the candidate with the referral, and to the hiring team.',
  referSomeone: 'Refer someone',
  referSomeoneHint:
    'Refer a person by their details, whether or not they are on Referwell. They get an e-mail to confirm; nothing reaches the hiring team before they do.',
  resumeParsed: 'Résumé read: check the details we filled in.',
  externalCreated: (name: string) => `${name} will get an e-mail to confirm the referral.`,
  willCount: 'Will this referral count?',
  invitationTitle: 'You were referred',
  invitationConfirmed: 'Confirmed: your referral is with the hiring team.',
  invitationDeclined: 'Declined: nothing was sent to the company.',
  claimTitle: 'Keep your profile',
  claimHint: 'Choose a password to follow your referrals, apply to jobs and hear about each step.',
  claimed: 'Your profile is ready. Welcome to Referwell!',
} as const;

/** The candidate as stored with a referral (SPEC §3 talentProfile). */
export const referralTalentSnapshotSchema = z.object({
  name: z.string(),
  title: z.string().nullable(),
  location: z.string().nullable(),
  skills: z.array(z.string()),
  technicalSkills: z.array(z.string()),
  softwareTools: z.array(z.string()),
  experience: z.number().nullable(),
  portfolio: z.string().nullable(),
  rating: z.number().nullable(),
  industries: z.array(z.string()),
  interests: z.array(z.string()),
  involvement: z.string().nullable(),
  referredBy: z.object({ name: z.string(), title: z.string().nullable(), company: z.string() }).nullable(),
});
export type ReferralTalentSnapshot = z.infer<typeof referralTalentSnapshotSchema>;

const personSchema = z.object({ id: z.uuid(), name: z.string() });

// ---------- Referrers ----------

export const referrerCardSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  title: z.string().nullable(),
  department: z.string().nullable(),
  team: z.string().nullable(),
  /** When they started at the company, as they said it (yyyy-mm-dd); null until they do (never the sign-up day). */
  startDate: z.string().nullable(),
  referralCount: z.number().int(),
});
export type ReferrerCard = z.infer<typeof referrerCardSchema>;

export const referrerListSchema = z.object({
  company: z.object({ id: z.uuid(), name: z.string(), slug: z.string() }),
  job: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  /** The viewer's kept LinkedIn connections first ("people you know at this company"), then the most active. */
  referrers: z.array(referrerCardSchema.extend({ knownToYou: z.boolean() })),
});
export type ReferrerList = z.infer<typeof referrerListSchema>;

export const referrerProfileSchema = referrerCardSchema.extend({
  /** Contact details: null unless the viewer may see them (the referrer, their colleagues, or anyone when the referrer opted in). */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  showContactDetails: z.boolean(),
  location: z.string().nullable(),
  bio: z.string().nullable(),
  skills: z.array(z.string()),
  company: z.object({ id: z.uuid(), name: z.string(), slug: z.string() }),
  referralsCompleted: z.number().int(),
  memberSince: z.string(),
  acceptsRequests: z.boolean(),
});
export type ReferrerProfile = z.infer<typeof referrerProfileSchema>;

export const referrerProfileFormSchema = z.object({
  title: z.string().trim().max(120).optional(),
  department: z.string().trim().max(120).optional(),
  team: z.string().trim().max(120).optional(),
  bio: z.string().trim().max(2000).optional(),
  phone: z.string().trim().max(40).optional(),
  location: z.string().trim().max(160).optional(),
  skills: z
    .array(z.string().max(60))
    .max(50)
    .default([])
    .transform((skills) => [...new Set(skills.map((s) => s.trim()).filter(Boolean))]),
  startDate: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || isCalendarDate(v), 'Please enter a valid date'),
  acceptsRequests: z.boolean().default(true),
  /** Hidden by default: job seekers reach referrers through messaging. */
  showContactDetails: z.boolean().default(false),
});
export type ReferrerProfileForm = z.input<typeof referrerProfileFormSchema>;

/** Asked once, at first sign-in, of a company member whose referrer card lacks a title or start date. */
export const referrerDetailsPromptSchema = z.object({ ask: z.boolean() });
export type ReferrerDetailsPrompt = z.infer<typeof referrerDetailsPromptSchema>;

/** What the first sign-in prompt asks (the rest of the referrer profile is kept as it is). */
export const referrerDetailsFormSchema = referrerProfileFormSchema.pick({
  title: true,
  department: true,
  team: true,
  startDate: true,
});
export type ReferrerDetailsForm = z.input<typeof referrerDetailsFormSchema>;

// ---------- Referral requests ----------

export const createReferralRequestSchema = z.object({
  jobId: z.uuid({ error: REFERRAL_MESSAGES.missingRequestInfo }),
  referrerId: z.uuid({ error: REFERRAL_MESSAGES.missingRequestInfo }),
  message: z
    .string({ error: REFERRAL_MESSAGES.messageRequired })
    .trim()
    .min(1, REFERRAL_MESSAGES.messageRequired)
    .max(2000),
});
export type CreateReferralRequest = z.input<typeof createReferralRequestSchema>;

export const referralRequestSchema = z.object({
  id: z.uuid(),
  jobId: z.uuid(),
  jobTitle: z.string(),
  companyName: z.string(),
  companySlug: z.string(),
  talent: personSchema,
  referrer: personSchema,
  message: z.string(),
  status: z.enum(REFERRAL_REQUEST_STATUSES),
  declineReason: z.string().nullable(),
  /** Why a closed request closed (its words: REQUEST_CLOSED_FOR_REFERRER / _FOR_SEEKER). */
  closedReason: z.enum(REQUEST_CLOSE_REASONS).nullable(),
  referralId: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What referring for the job pays, for the referrer deciding (null in the job seeker's view, or without a bonus). */
  bonus: bonusOfferSchema.nullable(),
});
export type ReferralRequest = z.infer<typeof referralRequestSchema>;

export const referralRequestListQuerySchema = z.object({
  /** 'sent' for the job seeker's own requests, 'received' for a referrer's incoming ones. */
  box: z.enum(['sent', 'received']).default('sent'),
  status: z.enum(REFERRAL_REQUEST_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** An optional choice of radio buttons: none picked reads as null in a form, and means the same as leaving it out. */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .enum(values)
    .nullish()
    .transform((v) => v ?? undefined);

/** The hiring team's note: the hiring team reads it, the candidate never does (not in any answer, mail or export). */
const teamNoteSchema = z.string().trim().max(4000).optional();
/** The note the candidate may read with their referral (the hiring team sees it too). */
const candidateNoteSchema = optionalText(2000);

export const acceptReferralRequestSchema = z.object({
  /** For the hiring team only. */
  note: teamNoteSchema,
  candidateNote: candidateNoteSchema,
  relationship: z.enum(REFERRER_RELATIONSHIPS, { error: 'Please say how you know the candidate' }),
  vouch: optionalChoice(VOUCH_STRENGTHS),
});
export type AcceptReferralRequest = z.input<typeof acceptReferralRequestSchema>;

export const declineReferralRequestSchema = z.object({
  reason: z.string().trim().max(1000).optional(),
});

// ---------- Referrals ----------

export const createReferralSchema = z.object({
  talentId: z.uuid(),
  jobId: z.uuid({ error: REFERRAL_MESSAGES.positionRequired }),
  /** For the hiring team only. */
  notes: teamNoteSchema,
  candidateNote: candidateNoteSchema,
  relationship: optionalChoice(REFERRER_RELATIONSHIPS),
  vouch: optionalChoice(VOUCH_STRENGTHS),
});
export type CreateReferral = z.input<typeof createReferralSchema>;

/** One step of the candidate's stage history on the job. */
export const stageChangeSchema = z.object({
  from: z.enum(PIPELINE_STAGES).nullable(),
  to: z.enum(PIPELINE_STAGES),
  by: personSchema.nullable(),
  at: z.string(),
});
export type StageChange = z.infer<typeof stageChangeSchema>;

export const referralBonusSchema = z.object({
  amount: z.number().int(),
  currency: z.string(),
  state: z.enum(BONUS_STATES),
  paidOn: z.string().nullable(),
  /**
   * Payable from this day: the hire's start date plus the company's payout delay, or the hire day plus it while the
   * start date is unknown (`dueFrom: 'hire'`). Null only for bonuses not yet due.
   */
  dueOn: z.string().nullable().optional(),
  /** What the due day counts from: the start date, or the day the hire was recorded (start date unknown). */
  dueFrom: z.enum(['start', 'hire']).nullable().optional(),
  /** Why a not-eligible bonus earns nothing. */
  ineligibleReason: z.enum(BONUS_INELIGIBLE_REASONS).nullable().optional(),
  /** The payroll reference the admin gave when paying it. */
  paymentReference: z.string().nullable().optional(),
  /** Why it was paid before its due day (the explicit early payment); null when paid when due. */
  paidEarlyReason: z.string().nullable().optional(),
});

/** A status or stage change that is saved but whose notifications wait out the undo window. */
export const undoableChangeSchema = z.object({ id: z.uuid(), undoUntil: z.string() });
export type UndoableChange = z.infer<typeof undoableChangeSchema>;

/**
 * A referral as its viewer may see it. The candidate gets their job, the referrer, the referrer's note and
 * the consent question; the bonus and the internal fields are left out of their answer altogether.
 */
export const referralSchema = z.object({
  id: z.uuid(),
  jobId: z.uuid(),
  jobTitle: z.string(),
  companyId: z.uuid(),
  companyName: z.string(),
  referrer: personSchema.nullable(),
  talentId: z.uuid(),
  talentName: z.string(),
  talentProfile: referralTalentSnapshotSchema.optional(),
  /** The referrer's note for the hiring team: null in every answer the candidate gets. */
  notes: z.string().nullable(),
  /** The referrer's note the candidate may read. */
  candidateNote: z.string().nullable(),
  relationship: z.enum(REFERRER_RELATIONSHIPS).nullable(),
  vouch: z.enum(VOUCH_STRENGTHS).nullable(),
  /** Referred by their details (name, e-mail, résumé) rather than picked from Find Candidates. */
  external: z.boolean(),
  /** The résumé the referrer sent with the referral (download: GET /api/referrals/:id/resume). */
  resume: z.object({ originalName: z.string() }).nullable().optional(),
  /** Why the candidate is not moving forward (the referrer and the hiring team); null otherwise. */
  declineReason: z.enum(DECLINE_REASONS).nullable().optional(),
  /** The hiring team's own words about the decline (the hiring team only). */
  declineNote: z.string().nullable().optional(),
  /** The candidate's message when they asked for this referral. */
  candidateMessage: z.string().nullable(),
  status: z.enum(REFERRAL_STATUSES),
  stage: z.enum(PIPELINE_STAGES),
  consent: z.enum(REFERRAL_CONSENT_STATES),
  bonus: referralBonusSchema.nullable().optional(),
  history: z.array(stageChangeSchema).optional(),
  /** The latest change still inside its undo window (company admins). */
  undoable: undoableChangeSchema.nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  viewer: z.object({
    role: z.enum(['candidate', 'referrer', 'company']),
    canUpdateStatus: z.boolean(),
    canAnswerConsent: z.boolean(),
    canMarkBonusPaid: z.boolean(),
    /** A company admin may give (or correct) a hire's start date, which moves the bonus's due day. */
    canSetStartDate: z.boolean().optional(),
  }),
});
export type Referral = z.infer<typeof referralSchema>;

export const referralSummarySchema = referralSchema
  .omit({
    history: true,
    viewer: true,
    talentProfile: true,
    undoable: true,
    candidateMessage: true,
    resume: true,
    declineNote: true,
  })
  .extend({
    talentTitle: z.string().nullable(),
  });
export type ReferralSummary = z.infer<typeof referralSummarySchema>;

export const referralListQuerySchema = z.object({
  status: z.enum(REFERRAL_STATUSES).optional(),
  /** 'mine' (the referrer's own), 'company' (admins: the whole company), 'about-me' (the candidate). */
  scope: z.enum(['mine', 'company', 'about-me']).default('mine'),
  /** 'pending' narrows to referrals still waiting for the candidate's consent. */
  consent: z.enum(REFERRAL_CONSENT_STATES).optional(),
  /** Narrows to one bonus state, e.g. 'due' for the bonuses an admin can pay (oldest payout day first). */
  bonus: z.enum(BONUS_STATES).optional(),
  /** With bonus=due: 'now' the ones payable today, 'upcoming' the ones whose due day is still to come. */
  due: z.enum(['now', 'upcoming']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** An optional text field: an empty one (a form's untouched input) means "not given". */
const optionalDate = optionalText(10).refine((v) => v === undefined || isCalendarDate(v), 'Please enter a valid date');

/** The hire's first working day, asked when a candidate is hired: a referral bonus becomes payable from it. */
const startDateSchema = optionalDate;
/** Why a candidate is declined: a category (required) and the hiring team's own words (optional, internal). */
const declineFields = {
  reason: z.enum(DECLINE_REASONS, { error: DECLINE_REASON_REQUIRED }).optional(),
  reasonNote: optionalText(1000),
};
const needsReason = (declining: boolean, reason: unknown) => !declining || reason !== undefined;
export const updateReferralStatusSchema = z
  .object({ status: z.enum(REFERRAL_STATUSES), startDate: startDateSchema, ...declineFields })
  .refine((v) => needsReason(v.status === 'rejected', v.reason), {
    message: DECLINE_REASON_REQUIRED,
    path: ['reason'],
  });
/** The dialog that asks why a candidate is not moving forward. */
export const declineReasonFormSchema = z.object({
  reason: z.enum(DECLINE_REASONS, { error: DECLINE_REASON_REQUIRED }),
  reasonNote: optionalText(1000),
});
export type DeclineReasonForm = z.input<typeof declineReasonFormSchema>;
/** The start-date dialog shown when a candidate is moved to Hired. */
export const startDateFormSchema = z.object({ startDate: startDateSchema });
export type StartDateForm = z.input<typeof startDateFormSchema>;
/** PUT /api/referrals/:id/start-date: a hire's start date given (or corrected) after the hire was recorded. */
export const hireStartDateSchema = z.object({
  startDate: z
    .string({ error: 'Please enter the start date' })
    .trim()
    .min(1, 'Please enter the start date')
    .refine((v) => isCalendarDate(v), 'Please enter a valid date'),
});
export type HireStartDate = z.infer<typeof hireStartDateSchema>;
export const referralConsentSchema = z.object({ decision: z.enum(['confirm', 'decline']) });
export const markBonusPaidSchema = z.object({
  /** Today when not given. */
  paidOn: optionalDate,
  /** A payroll or transfer reference, shown to the referrer. */
  reference: optionalText(100),
  /** The admin confirms the hire is still employed on the retention check's day (when the policy has one). */
  stillEmployed: z.boolean().optional(),
});
export type MarkBonusPaidForm = z.input<typeof markBonusPaidSchema>;
export type MarkBonusPaid = z.output<typeof markBonusPaidSchema>;
/** Admins mark several due bonuses paid at once: all of them or none. */
export const markBonusesPaidSchema = markBonusPaidSchema.extend({
  referralIds: z.array(z.uuid()).min(1).max(500),
});
export type MarkBonusesPaid = z.infer<typeof markBonusesPaidSchema>;
/** Paying a bonus before its due day: a separate, explicit action with the reason, kept in the audit log and CSV. */
export const payBonusEarlySchema = z.object({
  reason: z
    .string()
    .trim()
    .min(5, 'Please say why this bonus is paid before its due day')
    .max(500, 'Please keep the reason under 500 characters'),
  paidOn: optionalDate,
  reference: optionalText(100),
});
export type PayBonusEarlyForm = z.input<typeof payBonusEarlySchema>;
export type PayBonusEarly = z.output<typeof payBonusEarlySchema>;

const moneySchema = z.object({ currency: z.string(), amount: z.number().int() });

/** Per-currency money figures for a referrer's dashboard. */
export const referralTotalsSchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  accepted: z.number().int(),
  rejected: z.number().int(),
  completed: z.number().int(),
  /** sumBonuses() over the referrer's referrals: the same figures on every dashboard. */
  bonuses: z.object({ awaitingHire: z.array(moneySchema), due: z.array(moneySchema), paid: z.array(moneySchema) }),
});
export type ReferralTotals = z.infer<typeof referralTotalsSchema>;

// ---------- Applicant tracking and comments ----------

export const trackingUpdateSchema = z
  .object({ status: z.enum(TRACKING_STATUSES), startDate: startDateSchema, ...declineFields, ...candidateIdsFields })
  .refine((v) => needsReason(v.status === 'Decline', v.reason), {
    message: DECLINE_REASON_REQUIRED,
    path: ['reason'],
  })
  // An admin adds a date of birth or NPI for exclusion screening when moving the candidate to Offer (issue 36).
  .refine((v) => v.status === 'Offer' || (v.dob === undefined && v.npi === undefined), {
    message: SCREENING_MESSAGES.idsAtOfferOnly,
    path: ['status'],
  });
/** A candidate's pipeline on a job as the job's team sees it (Applications and Talent Tracking). */
export const trackingEntrySchema = z.object({
  talentId: z.uuid(),
  talentName: z.string(),
  stage: z.enum(PIPELINE_STAGES),
  status: z.enum(TRACKING_STATUSES).nullable(),
  appliedAt: z.string().nullable(),
  applicationNote: z.string().nullable(),
  referral: z
    .object({
      id: z.uuid(),
      referrerName: z.string().nullable(),
      status: z.enum(REFERRAL_STATUSES),
      relationship: z.enum(REFERRER_RELATIONSHIPS).nullable(),
      vouch: z.enum(VOUCH_STRENGTHS).nullable(),
      /** The hiring team's note. */
      notes: z.string().nullable(),
      candidateNote: z.string().nullable(),
    })
    .nullable(),
  declineReason: z.enum(DECLINE_REASONS).nullable(),
  declineNote: z.string().nullable(),
  updatedAt: z.string(),
  /** Present right after a change while it can still be undone. */
  undoable: undoableChangeSchema.nullable().optional(),
});
export type TrackingEntry = z.infer<typeof trackingEntrySchema>;

export const jobCommentFormSchema = z.object({
  body: z
    .string({ error: REFERRAL_MESSAGES.commentRequired })
    .trim()
    .min(1, REFERRAL_MESSAGES.commentRequired)
    .max(4000),
});
export const jobCommentSchema = z.object({
  id: z.uuid(),
  body: z.string(),
  author: personSchema.nullable(),
  createdAt: z.string(),
});
export type JobComment = z.infer<typeof jobCommentSchema>;
