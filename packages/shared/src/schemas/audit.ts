import { z } from 'zod';
import { isCalendarDate } from '../rules/input';
import { paginatedSchema, paginationQuerySchema } from './common';

/** What a company's audit log records (issue 21), with the words its page shows. */
export const AUDIT_ACTIONS = {
  'member.role_changed': 'Changed a member’s role',
  'member.removed': 'Removed a member',
  'company.invite_code_regenerated': 'Generated a new invite code',
  'company.claimed': 'Claimed the company (e-mail domain matched)',
  'company.claim_approved': 'Approved a claim to the company',
  'company.claim_refused': 'Refused a claim to the company',
  'referral.status_changed': 'Changed a referral’s status',
  'pipeline.stage_changed': 'Moved a candidate’s stage',
  'pipeline.stage_change_undone': 'Undid a stage change',
  'referral.bonus_paid': 'Marked a bonus paid',
  'referral.bonus_paid_early': 'Paid a bonus before its due day',
  'referral.start_date_set': 'Set a hire’s start date',
  'bonus_policy.changed': 'Changed the bonus policy',
  'payee.changed': 'Changed how a referrer is paid',
  'data.exported': 'Exported data',
  'billing.subscription_changed': 'Plan or subscription changed',
  'ats.connected': 'ATS connected',
  'ats.revoked': 'ATS connection revoked',
  'ats.jobs_imported': "Imported the ATS's open jobs",
  'integration.connected': 'Connected Slack or Teams',
  'integration.disconnected': 'Disconnected Slack or Teams',
  'member.compliance_changed': 'Changed a member’s compliance permission',
  'self_id.settings_changed': 'Changed self-identification',
  'retention.policy_changed': 'Changed the retention policy',
  'retention.candidate_erased': 'Erased a candidate’s data at the end of retention',
  'dsr.recorded': 'Recorded a data-subject request',
  'dsr.completed': 'Completed a data-subject request',
  'two_factor.enabled': 'Turned on two-factor authentication',
  'two_factor.disabled': 'Turned off two-factor authentication',
  'two_factor.failed': 'Entered a wrong two-factor code',
  'two_factor.recovery_code_used': 'Used a two-factor recovery code',
  'two_factor.recovery_codes_regenerated': 'Made new two-factor recovery codes',
  'passkey.added': 'Added a passkey',
  'passkey.removed': 'Removed a passkey',
  'passkey.signed_in': 'Signed in with a passkey',
  'passkey.refused': 'Refused a passkey sign-in',
  'company.two_factor_policy_changed': 'Changed the two-factor requirement for admins',
  'company.staff_states_changed': 'Changed the US states the company employs people in',
  'scim.token_created': 'Made a new SCIM provisioning token',
  'scim.user_provisioned': 'Provisioned a member from the identity provider',
  'scim.user_deactivated': 'Deactivated a member from the identity provider',
  'scim.user_reactivated': 'Reactivated a member from the identity provider',
  'scim.role_changed': 'Identity provider groups changed a member’s role',
  'portal.changed': 'Changed the careers portal',
  'portal.host_changed': 'Added, verified or removed a portal host name',
  'job.pay_exemption_set': 'Marked a job exempt from pay transparency',
  'job.pay_exemption_cleared': 'Removed a job’s pay transparency exemption',
  'screening.decided': 'Recorded an exclusion screening decision',
  'sso.domain_added': 'Added an e-mail domain',
  'sso.domain_verified': 'Verified an e-mail domain',
  'sso.domain_removed': 'Removed an e-mail domain',
  'sso.connection_changed': 'Changed single sign-on',
  'sso.member_provisioned': 'Single sign-on created a member',
  'sso.login_refused': 'Refused a single sign-on response',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

export const AUDIT_SUBJECT_TYPES = ['member', 'company', 'referral', 'pipeline', 'user', 'job', 'domain'] as const;
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number];

/** Who an erased account shows as, everywhere someone else still sees it. */
export const DELETED_USER_NAME = 'Deleted user';

const day = z
  .string()
  .trim()
  .refine((v) => isCalendarDate(v), 'Please enter a valid date');

export const auditLogQuerySchema = paginationQuerySchema.extend({
  action: z.enum(AUDIT_ACTION_NAMES).optional(),
  actorId: z.uuid().optional(),
  /** First and last day included (UTC), YYYY-MM-DD. */
  from: day.optional(),
  to: day.optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

const auditValuesSchema = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z.object({
  id: z.uuid(),
  at: z.string(),
  action: z.enum(AUDIT_ACTION_NAMES),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  subject: z.object({
    type: z.enum(AUDIT_SUBJECT_TYPES),
    id: z.string().nullable(),
    /** The person it concerns, "Deleted user" once erased. */
    name: z.string().nullable(),
  }),
  before: auditValuesSchema,
  after: auditValuesSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogResponseSchema = paginatedSchema(auditEntrySchema).extend({
  /** Everyone who appears as an actor in this company's log, for the filter. */
  actors: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;
