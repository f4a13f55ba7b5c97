import {
  accountDeletionScheduled,
  confirmEmail,
  confirmSignup,
  dataExportReady,
  kudosRequest,
  passwordReset,
  retentionReminder,
  signupAttempt,
  teamInvitation,
} from './account';
import { digest, notificationTemplates } from './activity';
import { companyClaim, companyClaimClosed, companyClaimDecided } from './claims';
import { referralInvitation } from './referrals';
import { searchAlert } from './search-alert';
import { ssoDomainVerification } from './sso';
import type { MailTemplate } from './template';

/** Every mail Referwell sends, by name: the send-mail task, the preview page and the tests read this list. */
export const mailTemplates = {
  'password-reset': passwordReset,
  'confirm-email': confirmEmail,
  'confirm-signup': confirmSignup,
  'signup-attempt': signupAttempt,
  'team-invitation': teamInvitation,
  'kudos-request': kudosRequest,
  'data-export-ready': dataExportReady,
  'account-deletion-scheduled': accountDeletionScheduled,
  'retention-reminder': retentionReminder,
  'referral-requests': notificationTemplates.referral_requests,
  'referral-updates': notificationTemplates.referral_updates,
  messages: notificationTemplates.messages,
  'company-activity': notificationTemplates.company_activity,
  digest,
  'search-alert': searchAlert,
  'referral-invitation': referralInvitation,
  'sso-domain-verification': ssoDomainVerification,
  'company-claim': companyClaim,
  'company-claim-decided': companyClaimDecided,
  'company-claim-closed': companyClaimClosed,
} as const;

export type MailTemplates = typeof mailTemplates;
export type TemplateName = keyof MailTemplates;
export type TemplateProps<N extends TemplateName> = N extends TemplateName
  ? MailTemplates[N] extends MailTemplate<infer P>
    ? P
    : never
  : never;

export const isTemplateName = (name: string): name is TemplateName => Object.hasOwn(mailTemplates, name);
