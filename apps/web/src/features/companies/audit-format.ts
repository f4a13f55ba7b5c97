import {
  BONUS_STATE_LABELS,
  PLANS,
  SUBSCRIPTION_STATUS_LABELS,
  type PlanId,
  REFERRAL_STATUS_LABELS,
  SELF_ID_FORM_TEXTS,
  STAGE_LABELS,
  type SelfIdForm,
  type AuditEntry,
  type BonusState,
  type PipelineStage,
  type ReferralStatus,
} from '@referwell/shared';
import { formatDate, formatMoney } from '@/lib/format';

const label = (labels: Record<string, string>, value: unknown) =>
  typeof value === 'string' ? (labels[value] ?? value) : '—';
const arrow = (from: string, to: string) => `${from} → ${to}`;

/** One line saying what changed, in the product's words ("Member → Admin", "Pending → Accepted"). */
export function describeAuditChange({ action, before, after }: AuditEntry): string {
  const b = before ?? {};
  const a = after ?? {};
  switch (action) {
    case 'member.role_changed':
      return arrow(String(b.role), String(a.role));
    case 'member.removed':
      return `Was ${String(b.role)}`;
    case 'company.invite_code_regenerated':
      return arrow(String(b.inviteCode), String(a.inviteCode));
    case 'company.claimed':
      return `Admin by ${String(a.email)} (domain matched)`;
    case 'company.claim_approved':
      return `Admin by ${String(a.email)} (approved by Referwell)`;
    case 'company.claim_refused':
      return `Claim by ${String(a.email)} refused`;
    case 'referral.status_changed':
      return arrow(
        label(REFERRAL_STATUS_LABELS, b.status as ReferralStatus),
        label(REFERRAL_STATUS_LABELS, a.status as ReferralStatus),
      );
    case 'pipeline.stage_changed':
      return arrow(label(STAGE_LABELS, b.stage as PipelineStage), label(STAGE_LABELS, a.stage as PipelineStage));
    case 'pipeline.stage_change_undone':
      return `Back to ${label(STAGE_LABELS, a.stage as PipelineStage)}${
        a.status ? ` (${label(REFERRAL_STATUS_LABELS, a.status as ReferralStatus)})` : ''
      }`;
    case 'referral.bonus_paid':
      return `${label(BONUS_STATE_LABELS, b.bonusState as BonusState)} → Paid${
        typeof a.paidOn === 'string' ? ` on ${formatDate(a.paidOn)}` : ''
      }${typeof a.amount === 'number' ? ` (${formatMoney(a.amount, typeof a.currency === 'string' ? a.currency : 'USD')})` : ''}`;
    case 'referral.bonus_paid_early':
      return `Paid early${typeof a.paidOn === 'string' ? ` on ${formatDate(a.paidOn)}` : ''}${
        typeof b.dueOn === 'string' ? `, due ${formatDate(b.dueOn)}` : ''
      }${typeof a.amount === 'number' ? ` (${formatMoney(a.amount, typeof a.currency === 'string' ? a.currency : 'USD')})` : ''}${
        typeof a.reason === 'string' ? `: ${a.reason}` : ''
      }`;
    case 'referral.start_date_set':
      return `Start date ${typeof b.startDate === 'string' ? formatDate(b.startDate) : 'unknown'} → ${
        typeof a.startDate === 'string' ? formatDate(a.startDate) : 'unknown'
      }${typeof a.dueOn === 'string' ? `; bonus due ${formatDate(a.dueOn)}` : ''}`;
    case 'bonus_policy.changed':
      return `Payable after ${String(b.payableAfterDays)} → ${String(a.payableAfterDays)} days; ${
        a.applyToScheduled === true
          ? `applied to ${String(a.rescheduled)} scheduled ${a.rescheduled === 1 ? 'bonus' : 'bonuses'}`
          : 'bonuses already scheduled keep their day'
      }`;
    case 'payee.changed': {
      const paidAs = (values: Record<string, unknown>) =>
        values.kind === 'employee'
          ? `Employee, payroll id ${String(values.payrollId)}`
          : values.kind === 'external'
            ? `External referrer (W-9: ${String(values.legalName)})`
            : 'Not recorded';
      return `${arrow(paidAs(b), paidAs(a))}${a.tinChanged === true ? '; TIN changed' : ''}`;
    }
    case 'billing.subscription_changed': {
      const plan = (values: Record<string, unknown>) =>
        `${typeof values.plan === 'string' && values.plan in PLANS ? PLANS[values.plan as PlanId].name : 'No plan'}, ${label(SUBSCRIPTION_STATUS_LABELS, values.status)}${values.cancelAtPeriodEnd === true ? ', ends at period end' : ''}`;
      return arrow(plan(b), plan(a));
    }
    case 'data.exported':
      return typeof a.what === 'string' ? a.what : 'Data export';
    case 'ats.connected':
      return `Connected ${String(a.vendor)}`;
    case 'ats.revoked':
      return `Revoked ${String(b.vendor)}`;
    case 'ats.jobs_imported':
      return `Open jobs from ${String(a.vendor)}, kept in sync`;
    case 'integration.connected':
      return a.integration === 'teams' ? 'Microsoft Teams channel' : 'Slack workspace';
    case 'integration.disconnected':
      return b.integration === 'teams' ? 'Microsoft Teams channel' : 'Slack workspace';
    case 'member.compliance_changed':
      return a.compliance === true ? 'Compliance permission granted' : 'Compliance permission withdrawn';
    case 'self_id.settings_changed': {
      const state = (values: Record<string, unknown>) =>
        values.enabled === true && Array.isArray(values.forms)
          ? `On (${values.forms.map((f) => SELF_ID_FORM_TEXTS[f as SelfIdForm]?.title ?? String(f)).join(', ')})`
          : 'Off';
      return arrow(state(b), state(a));
    }
    case 'retention.policy_changed':
      return arrow(`${String(b.defaultMonths)} months`, `${String(a.defaultMonths)} months`);
    case 'retention.candidate_erased':
      return `Erased after ${String(b.months)} months without activity`;
    case 'dsr.recorded':
      return `${String(a.kind)} request, due ${typeof a.dueOn === 'string' ? formatDate(a.dueOn) : '—'}`;
    case 'dsr.completed':
      return `${String(a.kind)} request completed`;
    case 'two_factor.enabled':
      return 'Authenticator app';
    case 'two_factor.disabled':
    case 'two_factor.failed':
    case 'two_factor.recovery_code_used':
    case 'two_factor.recovery_codes_regenerated':
    case 'passkey.added':
    case 'passkey.removed':
    case 'passkey.signed_in':
      return '—';
    case 'passkey.refused':
      return typeof a.reason === 'string' ? a.reason : 'Refused';
    case 'scim.token_created':
    case 'scim.user_provisioned':
    case 'scim.user_reactivated':
      return typeof a.role === 'string' ? `As ${a.role}` : '—';
    case 'scim.user_deactivated':
      return `Was ${String(b.role)}`;
    case 'scim.role_changed':
      return arrow(String(b.role), String(a.role));
    case 'company.staff_states_changed': {
      const states = (values: Record<string, unknown>) =>
        Array.isArray(values.staffStates) && values.staffStates.length > 0 ? values.staffStates.join(', ') : 'None';
      return arrow(states(b), states(a));
    }
    case 'company.two_factor_policy_changed':
      return a.requireTwoFactorForAdmins === true ? 'Required for admins' : 'Not required';
    case 'portal.changed': {
      const portal = (values: Record<string, unknown>) =>
        values.enabled === undefined
          ? 'Not set up'
          : `${values.enabled === true ? 'On' : 'Off'}, ${String(values.brandColor)}, ${values.logo === true ? 'logo' : 'no logo'}`;
      return arrow(portal(b), portal(a));
    }
    case 'portal.host_changed': {
      const host = (values: Record<string, unknown>) =>
        typeof values.host === 'string'
          ? `${values.host} (${values.verified === true ? 'verified' : 'not verified'})`
          : 'None';
      return arrow(host(b), host(a));
    }
    case 'job.pay_exemption_set':
      return typeof a.exemptReason === 'string' ? `Reason: ${a.exemptReason}` : 'Exempt';
    case 'screening.decided':
      return `${String(a.result)}: ${a.decision === 'cleared' ? 'cleared' : 'excluded'}`;
    case 'job.pay_exemption_cleared':
      return typeof b.exemptReason === 'string' ? `Was: ${b.exemptReason}` : 'Not exempt';
    case 'sso.domain_added':
      return String(a.domain);
    case 'sso.domain_verified':
      return `${String(a.domain)} (${a.method === 'mail' ? 'by e-mail' : 'by DNS record'})`;
    case 'sso.domain_removed':
      return String(b.domain);
    case 'sso.connection_changed':
      return `${a.enabled === true ? 'On' : 'Off'}${a.requireSso === true ? ', required' : ''}${
        typeof a.protocol === 'string' ? ` (${a.protocol === 'saml' ? 'SAML 2.0' : 'OpenID Connect'})` : ''
      }${a.clientSecretChanged === true ? '; client secret changed' : ''}`;
    case 'sso.member_provisioned':
      return `Joined as ${a.role === 'admin' ? 'Admin' : 'Member'}`;
    case 'sso.login_refused':
      return typeof a.reason === 'string' ? a.reason : 'Refused';
  }
}
