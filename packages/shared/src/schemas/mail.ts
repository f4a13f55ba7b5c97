import { z } from 'zod';
import { NOTIFICATION_TYPES_COMPANY } from './notifications';

/** The categories notifications are mailed under (instantly, or batched into a digest). */
export const NOTIFICATION_EMAIL_CATEGORIES = [
  'referral_requests',
  'referral_updates',
  'messages',
  'company_activity',
] as const;
export type NotificationEmailCategory = (typeof NOTIFICATION_EMAIL_CATEGORIES)[number];

/**
 * What a user can choose to hear about by e-mail (account mails such as password reset are always sent): the
 * notification categories, and summaries that only the weekly digest carries (the company's roles to refer).
 */
export const EMAIL_CATEGORIES = [...NOTIFICATION_EMAIL_CATEGORIES, 'roles_to_refer'] as const;
export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];

export const EMAIL_FREQUENCIES = ['instant', 'daily', 'weekly', 'off'] as const;
export type EmailFrequency = (typeof EMAIL_FREQUENCIES)[number];

/** Categories only some people get (the roles to refer are a company member's). */
export const COMPANY_MEMBER_EMAIL_CATEGORIES: readonly EmailCategory[] = ['roles_to_refer'];

export const EMAIL_CATEGORY_INFO: Record<EmailCategory, { label: string; description: string }> = {
  referral_requests: {
    label: 'Referral requests',
    description: 'A job seeker asks you for a referral, or a referrer answers your request.',
  },
  referral_updates: {
    label: 'Referral updates',
    description: 'You were referred, a referral or an application moves to a new stage, a bonus is paid.',
  },
  messages: {
    label: 'Messages',
    description: 'A new message you have not read within 10 minutes (one e-mail per conversation).',
  },
  company_activity: {
    label: 'Applications and referrals to your jobs',
    description: 'New applications and referrals to the jobs you posted or your company runs, and the daily summary.',
  },
  roles_to_refer: {
    label: 'Roles to refer',
    description: "Your company's open roles and what a referral pays, in the weekly digest.",
  },
};

export const EMAIL_FREQUENCY_LABELS: Record<EmailFrequency, string> = {
  instant: 'Instantly',
  daily: 'Daily digest',
  weekly: 'Weekly digest',
  off: 'Off',
};

export const DEFAULT_EMAIL_FREQUENCY: EmailFrequency = 'instant';

/** The choices a category offers: a summary the weekly digest carries comes weekly or not at all. */
export function emailFrequenciesFor(category: EmailCategory): readonly EmailFrequency[] {
  return category === 'roles_to_refer' ? ['weekly', 'off'] : EMAIL_FREQUENCIES;
}

/** A category's frequency until the person chooses: instant, and weekly for the roles to refer. */
export function defaultEmailFrequency(category: EmailCategory): EmailFrequency {
  return category === 'roles_to_refer' ? 'weekly' : DEFAULT_EMAIL_FREQUENCY;
}

export const emailPreferencesSchema = z.object({
  preferences: z.record(z.enum(EMAIL_CATEGORIES), z.enum(EMAIL_FREQUENCIES)),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

export const updateEmailPreferencesSchema = z.object({
  preferences: z.partialRecord(z.enum(EMAIL_CATEGORIES), z.enum(EMAIL_FREQUENCIES)).superRefine((preferences, ctx) => {
    for (const [category, frequency] of Object.entries(preferences) as [EmailCategory, EmailFrequency][])
      if (!emailFrequenciesFor(category).includes(frequency))
        ctx.addIssue({
          code: 'custom',
          path: [category],
          message: `${EMAIL_CATEGORY_INFO[category].label} e-mails can be: ${emailFrequenciesFor(category)
            .map((f) => EMAIL_FREQUENCY_LABELS[f])
            .join(', ')}.`,
        });
  }),
});
export type UpdateEmailPreferences = z.infer<typeof updateEmailPreferencesSchema>;

export const changeEmailSchema = z.object({
  email: z.email({ error: 'Enter a valid email address' }).max(254),
  currentPassword: z.string().min(1, { error: 'Enter your current password' }).max(256),
});
export type ChangeEmail = z.infer<typeof changeEmailSchema>;

export const confirmEmailSchema = z.object({ token: z.string().min(10).max(200) });

export const emailStatusSchema = z.object({
  email: z.string(),
  confirmed: z.boolean(),
  pendingEmail: z.string().nullable(),
});
export type EmailStatus = z.infer<typeof emailStatusSchema>;

export const MAIL_MESSAGES = {
  preferencesSaved: 'Your e-mail preferences are saved.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
  confirmInvalid: 'This confirmation link is invalid or has expired.',
  changeEmailSent: 'We sent a confirmation link to your new address.',
  sameEmail: 'This is already your e-mail address.',
  confirmationResent: 'We sent you a new confirmation link.',
  emailConfirmed: 'Your e-mail address is confirmed.',
} as const;

/**
 * Which notifications are also e-mailed, and under which preference. A feature that adds a
 * notification type adds it here and its notifications are mailed (or batched into digests).
 */
export const NOTIFICATION_EMAIL_CATEGORY: Record<string, NotificationEmailCategory> = {
  referral_request: 'referral_requests',
  referral_request_update: 'referral_requests',
  referral_update: 'referral_updates',
  referral_consent: 'referral_updates',
  application_update: 'referral_updates',
  bonus_due: 'referral_updates',
  message: 'messages',
  [NOTIFICATION_TYPES_COMPANY.application]: 'company_activity',
  [NOTIFICATION_TYPES_COMPANY.referral]: 'company_activity',
  [NOTIFICATION_TYPES_COMPANY.exportReady]: 'company_activity',
  [NOTIFICATION_TYPES_COMPANY.chatPaused]: 'company_activity',
  [NOTIFICATION_TYPES_COMPANY.bonusDue]: 'company_activity',
  [NOTIFICATION_TYPES_COMPANY.portalHostUnpublished]: 'company_activity',
  [NOTIFICATION_TYPES_COMPANY.jobSourceFailing]: 'company_activity',
  [NOTIFICATION_TYPES_COMPANY.platformJobSourceFailing]: 'company_activity',
  [NOTIFICATION_TYPES_COMPANY.platformCompanyClaim]: 'company_activity',
};

/** The button under a mailed notification, by category. */
export const EMAIL_ACTION_LABELS: Record<NotificationEmailCategory, string> = {
  referral_requests: 'Open referral requests',
  referral_updates: 'Open the referral',
  messages: 'Open the conversation',
  company_activity: 'Open Referwell',
};

/** A new message is mailed only if still unread this long after it arrived (one mail per conversation). */
export const MESSAGE_MAIL_DELAY_MINUTES = 10;
