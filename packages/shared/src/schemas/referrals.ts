import { z } from 'zod';
import { optionalText } from './common';
import { isCalendarDate } from '../rules/input';
import { BONUS_INELIGIBLE_REASONS } from '../rules/bonus-policy';

import {
  BONUS_STATES,
  PIPELINE_STAGES,
  REFERRAL_STATUSES,
  REFERRER_RELATIONSHIPS,
  TRACKING_STATUSES,
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

/** The candidate's consent to being put forward by a referrer. */
export const REFERRAL_CONSENT_STATES = ['pending', 'confirmed', 'declined'] as const;
export type ReferralConsent = (typeof REFERRAL_CONSENT_STATES)[number];

export const NOTIFICATION_TYPES_REFERRALS = {
  statusUpdate: 'referral_update',
  request: 'referral_request',
  requestAnswered: 'referral_request_update',
  consent: 'referral_consent',
  newApplication: 'job_application',
} as const;

export const REFERRAL_MESSAGES = {
  messageRequired: 'Please write a message to the referrer',
  missingRequestInfo: 'Missing required information to process your referral request.',
  requestSentTitle: 'Referral Request Sent',
  requestSent: 'Your request for a referral has been submitted.',
  requestFailedTitle: 'Error',
  requestFailed: 'There was a problem sending your referral request. Please try again.',
  duplicateRequest: 'You already have an open referral request with this referrer for this job.',
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
  retentionUnconfirmed: (days: number) =>
    `Confirm that the hire was still employed on day ${days} after the start date before paying this bonus.`,
  noRequests: "You haven't requested any referrals yet.",
  noReferrals: 'No referrals yet',
  noReferrers: 'No referrers found for this company.',
  referrerNotFound: 'Referrer profile not found.',
  commentRequired: 'Please write a comment',
  onlyJobTeam: "Only the job's company team can see its candidates.",
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
  startDate: z.string(),
  referralCount: z.number().int(),
});
export type ReferrerCard = z.infer<typeof referrerCardSchema>;

export const referrerListSchema = z.object({
  company: z.object({ id: z.uuid(), name: z.string(), slug: z.string() }),
  job: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  referrers: z.array(referrerCardSchema),
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
  status: z.enum(REFERRAL_STATUSES),
  declineReason: z.string().nullable(),
  referralId: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReferralRequest = z.infer<typeof referralRequestSchema>;

export const referralRequestListQuerySchema = z.object({
  /** 'sent' for the job seeker's own requests, 'received' for a referrer's incoming ones. */
  box: z.enum(['sent', 'received']).default('sent'),
  status: z.enum(REFERRAL_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const acceptReferralRequestSchema = z.object({
  note: z.string().trim().max(4000).optional(),
  relationship: z.enum(REFERRER_RELATIONSHIPS, { error: 'Please say how you know the candidate' }),
});
export type AcceptReferralRequest = z.input<typeof acceptReferralRequestSchema>;

export const declineReferralRequestSchema = z.object({
  reason: z.string().trim().max(1000).optional(),
});

// ---------- Referrals ----------

export const createReferralSchema = z.object({
  talentId: z.uuid(),
  jobId: z.uuid({ error: REFERRAL_MESSAGES.positionRequired }),
  notes: z.string().trim().max(4000).optional(),
  relationship: z.enum(REFERRER_RELATIONSHIPS).optional(),
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
  /** Payable from this day (the hire's start date plus the company's payout delay); null: at once. */
  dueOn: z.string().nullable().optional(),
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
  /** The referrer's own note about the candidate. */
  notes: z.string().nullable(),
  relationship: z.enum(REFERRER_RELATIONSHIPS).nullable(),
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
export const updateReferralStatusSchema = z.object({ status: z.enum(REFERRAL_STATUSES), startDate: startDateSchema });
/** The start-date dialog shown when a candidate is moved to Hired. */
export const startDateFormSchema = z.object({ startDate: startDateSchema });
export type StartDateForm = z.input<typeof startDateFormSchema>;
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

export const trackingUpdateSchema = z.object({ status: z.enum(TRACKING_STATUSES), startDate: startDateSchema });
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
      notes: z.string().nullable(),
    })
    .nullable(),
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
