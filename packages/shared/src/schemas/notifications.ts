import { z } from 'zod';
import { paginatedSchema, paginationQuerySchema } from './common';

/** Built-in kinds; the column is text so referrals and jobs can add their own. */
export const NOTIFICATION_TYPES = ['referral_update', 'message'] as const;
export type BuiltInNotificationType = (typeof NOTIFICATION_TYPES)[number];

/** What a company's hiring team hears about its jobs (the job's creator and the company's admins). */
export const NOTIFICATION_TYPES_COMPANY = {
  application: 'job_application',
  referral: 'company_referral',
  /** A CSV export an admin asked for is ready (its reference is the export). */
  exportReady: 'company_export_ready',
  /** Slack and Teams stopped because the plan no longer includes them (its reference is the company). */
  chatPaused: 'company_chat_paused',
  /** A referral bonus became due (its reference is the referral): the company's admins pay it. */
  bonusDue: 'company_bonus_due',
  /** A portal's custom host name lost its proof and was unpublished (its reference is the host name's id). */
  portalHostUnpublished: 'company_portal_host_unpublished',
  /** A company's job source failed several crawls in a row (its reference is the source). */
  jobSourceFailing: 'company_job_source_failing',
  /** To the platform's admins: a job source failed several crawls in a row (its reference is the source). */
  platformJobSourceFailing: 'platform_job_source_failing',
  /** To the platform's admins: a listed company was claimed, or a claim waits for them (its reference is the claim). */
  platformCompanyClaim: 'platform_company_claim',
  /** To a claimant: a platform admin approved or refused their claim (its reference is the claim; mailed apart). */
  companyClaimDecided: 'company_claim_decided',
} as const;

export const NOTIFICATION_MESSAGES = {
  heading: 'Notifications',
  empty: 'No notifications yet',
  markAllRead: 'Mark all as read',
  viewAll: 'View all notifications',
  notFound: 'Notification not found',
  newMessageTitle: 'New Message',
  newMessage: (sender: string) => `${sender} sent you a message`,
  newApplicationTitle: 'New Application',
  newApplication: (applicant: string, job: string) => `${applicant} applied for ${job}.`,
  newReferralTitle: 'New Referral',
  newReferral: (referrer: string, candidate: string, job: string) => `${referrer} referred ${candidate} for ${job}.`,
} as const;

/** How many the header bell lists before 'View all notifications'. */
export const BELL_NOTIFICATION_LIMIT = 5;

export const notificationSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  type: z.string(),
  referenceId: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = paginationQuerySchema;
export const notificationListResponseSchema = paginatedSchema(notificationSchema).extend({
  unreadCount: z.number().int(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;
export const notificationUnreadSchema = z.object({ count: z.number().int() });

/** Where clicking a notification goes (SPEC §4); null when the type has no target. */
export function notificationHref(type: string, referenceId: string | null): string | null {
  if (!referenceId) return null;
  const id = encodeURIComponent(referenceId);
  switch (type) {
    case 'job_application':
    case 'application_update':
      return `/job/${id}`;
    case 'referral_update':
    case 'referral_consent':
    case 'company_referral':
    case 'bonus_due':
    case 'company_bonus_due':
      return `/referrer-dashboard/referrals/${id}`;
    case 'referral_request':
    case 'referral_request_update':
      return '/referral-requests';
    case 'message':
      return `/messages/${id}`;
    case 'company_export_ready':
      return '/company-dashboard/analytics#exports';
    case 'company_chat_paused':
      return '/company-dashboard/billing';
    case 'company_portal_host_unpublished':
      return '/company-dashboard/portal';
    case 'company_job_source_failing':
      return '/company-dashboard/job-sources';
    case 'platform_job_source_failing':
      return '/admin/job-sources';
    default:
      return null;
  }
}
