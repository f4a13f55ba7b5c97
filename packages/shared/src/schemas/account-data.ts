import { z } from 'zod';

/** Days a prepared data export can be downloaded; the grace period before an account is erased. */
export const DATA_EXPORT_DAYS = 7;
export const ACCOUNT_DELETION_GRACE_DAYS = 7;

export const ACCOUNT_DATA_MESSAGES = {
  exportRequested: 'We are preparing your data. We will e-mail you a download link when it is ready.',
  exportNotFound: 'This export does not exist.',
  exportExpired: 'This download link has expired. Ask for a new export on your settings page.',
  exportLinkInvalid: 'This download link is not valid.',
  deletionScheduled: (date: string) => `Your account will be deleted on ${date}. Log in before then to keep it.`,
  deletionCancelled: 'Welcome back. Your account is no longer scheduled for deletion.',
  wrongPassword: 'The password is not correct.',
  lastAdmin:
    'You are the only admin of your company. Make another member an admin (Team Management) before deleting your account.',
} as const;

export const DATA_EXPORT_STATES = ['none', 'preparing', 'ready', 'expired', 'failed'] as const;
export type DataExportState = (typeof DATA_EXPORT_STATES)[number];

export const dataExportStatusSchema = z.object({
  id: z.string().nullable(),
  state: z.enum(DATA_EXPORT_STATES),
  requestedAt: z.string().nullable(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  /** Present while the export can be downloaded (the owner's signed link). */
  downloadUrl: z.string().nullable(),
});
export type DataExportStatus = z.infer<typeof dataExportStatusSchema>;

export const dataExportDownloadParamsSchema = z.object({ id: z.uuid() });
export const dataExportDownloadQuerySchema = z.object({ token: z.string().max(200).default('') });

export const accountDeletionRequestSchema = z.object({
  password: z.string().min(1, 'Please enter your password').max(256),
});
export type AccountDeletionRequest = z.infer<typeof accountDeletionRequestSchema>;

export const accountDeletionStatusSchema = z.object({
  /** When the account will be erased; null when no deletion is scheduled. */
  scheduledFor: z.string().nullable(),
});
export type AccountDeletionStatus = z.infer<typeof accountDeletionStatusSchema>;
