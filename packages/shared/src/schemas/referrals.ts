import { z } from 'zod';
import { isCalendarDate } from '../rules/input';

/** Referral and referral-request statuses (SPEC §5): any of the four may be set from any other by an admin. */
export const REFERRAL_STATUSES = ['pending', 'accepted', 'rejected', 'completed'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];
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

/** A referral's bonus: none on the job, pending until hired, due once completed, then paid. */
export const REFERRAL_BONUS_STATES = ['none', 'pending', 'due', 'paid'] as const;
export type ReferralBonusState = (typeof REFERRAL_BONUS_STATES)[number];

/** Talent Tracking statuses a job's creator sets per candidate. */
export const TRACKING_STATUSES = ['Contacted', 'Scheduled', 'Interviewed', 'Offer', 'Hired', 'Decline'] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

export const NOTIFICATION_TYPES_REFERRALS = {
  statusUpdate: 'referral_update',
  request: 'referral_request',
  requestAnswered: 'referral_request_update',
  consent: 'referral_consent',
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
  consentOnlyTalent: 'Only the candidate can answer this referral.',
  consentAlreadyGiven: 'You have already answered this referral.',
  bonusNotDue: 'A bonus can be marked paid only once the referral is completed and its bonus is due.',
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

export const declineReferralRequestSchema = z.object({
  reason: z.string().trim().max(1000).optional(),
});

// ---------- Referrals ----------

export const createReferralSchema = z.object({
  talentId: z.uuid(),
  jobId: z.uuid({ error: REFERRAL_MESSAGES.positionRequired }),
  notes: z.string().trim().max(4000).optional(),
});
export type CreateReferral = z.input<typeof createReferralSchema>;

export const referralStatusChangeSchema = z.object({
  from: z.enum(REFERRAL_STATUSES).nullable(),
  to: z.enum(REFERRAL_STATUSES),
  by: personSchema.nullable(),
  at: z.string(),
});

export const referralSchema = z.object({
  id: z.uuid(),
  jobId: z.uuid(),
  jobTitle: z.string(),
  companyId: z.uuid(),
  companyName: z.string(),
  referrer: personSchema.nullable(),
  talentId: z.uuid(),
  talentName: z.string(),
  talentProfile: referralTalentSnapshotSchema,
  notes: z.string().nullable(),
  status: z.enum(REFERRAL_STATUSES),
  consent: z.enum(REFERRAL_CONSENT_STATES),
  bonus: z
    .object({
      amount: z.number().int(),
      currency: z.string(),
      state: z.enum(REFERRAL_BONUS_STATES),
      paidOn: z.string().nullable(),
    })
    .nullable(),
  history: z.array(referralStatusChangeSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  viewer: z.object({ canUpdateStatus: z.boolean(), canAnswerConsent: z.boolean(), canMarkBonusPaid: z.boolean() }),
});
export type Referral = z.infer<typeof referralSchema>;

export const referralSummarySchema = referralSchema.omit({ history: true, viewer: true, talentProfile: true }).extend({
  talentTitle: z.string().nullable(),
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;

export const referralListQuerySchema = z.object({
  status: z.enum(REFERRAL_STATUSES).optional(),
  /** 'mine' (the referrer's own), 'company' (admins: the whole company), 'about-me' (the candidate). */
  scope: z.enum(['mine', 'company', 'about-me']).default('mine'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const updateReferralStatusSchema = z.object({ status: z.enum(REFERRAL_STATUSES) });
export const referralConsentSchema = z.object({ decision: z.enum(['confirm', 'decline']) });
export const markBonusPaidSchema = z.object({
  paidOn: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || isCalendarDate(v), 'Please enter a valid date'),
});

/** Per-currency money figures for a referrer's dashboard. */
export const referralTotalsSchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  accepted: z.number().int(),
  rejected: z.number().int(),
  completed: z.number().int(),
  earned: z.array(z.object({ currency: z.string(), amount: z.number().int() })),
  pendingBonus: z.array(z.object({ currency: z.string(), amount: z.number().int() })),
});
export type ReferralTotals = z.infer<typeof referralTotalsSchema>;

// ---------- Applicant tracking and comments ----------

export const trackingUpdateSchema = z.object({ status: z.enum(TRACKING_STATUSES) });
export const trackingEntrySchema = z.object({
  talentId: z.uuid(),
  status: z.enum(TRACKING_STATUSES),
  updatedAt: z.string(),
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
