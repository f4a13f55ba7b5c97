// Role × endpoint authorization matrix (issue 21). Every API route the app registers has a row
// here (a new route without a row fails the first test). For each role the row says:
//   A  allowed: the server does not refuse (status is not 401, 403 or 404),
//   D  refused: 401, 403 or 404 (404 where the server hides what the caller may not see),
//   P  public by token: anything but 401/403 (an unknown token is a 404 for everyone),
//   -  not run for this role (the call would end the caller's session; see auth.test.ts).
// Requests carry valid bodies, so a refusal cannot hide behind a validation error.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { candidatePipelines, exclusionScreenings, jobCrawls } from '../db/schema';
import { TALENT_POOL_CONSENT } from '@referwell/shared';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startFakeSlack, slackTestEnv, type FakeSlack } from './fake-slack';
import { startFakeStripe, stripeTestEnv, type FakeStripe } from './fake-stripe';
import {
  createTestApp,
  multipartFile,
  signUp,
  TEST_PASSWORD,
  withSession,
  type SignedUp,
  type TestApp,
} from './harness';

const RESUME_PDF = path.join(import.meta.dirname, '../features/talent/resume/fixtures/r01-pdf-engineer.pdf');

const ROLES = ['visitor', 'seeker', 'member', 'admin', 'otherAdmin'] as const;
type Role = (typeof ROLES)[number];
type Expect = 'A' | 'D' | 'P' | '-';

/** Ids of the fixtures, filled in beforeAll; rows read them lazily. */
const f = {} as Record<
  | 'companyA'
  | 'slugA'
  | 'job'
  | 'closableJob'
  | 'seeker'
  | 'member'
  | 'removable'
  | 'referral'
  | 'externalReferral'
  | 'requestToAccept'
  | 'requestToDecline'
  | 'conversation'
  | 'notification'
  | 'savedSearch'
  | 'savedSearchToDelete'
  | 'crawl'
  | 'screening'
  | 'dsr',
  string
>;

interface Row {
  route: string;
  /** visitor, seeker, member (company A), admin (company A), otherAdmin (company B). */
  expect: [Expect, Expect, Expect, Expect, Expect];
  url?: () => string;
  body?: (role: Role) => object;
  why?: string;
}

const job = (title: string) => ({
  title,
  company: 'Matrix Health',
  location: 'Remote',
  employmentType: 'full-time',
  description: 'A position that exists for the authorization matrix.',
  requirements: 'None at all.',
  skills: ['FHIR'],
});

// prettier-ignore
const TABLE: Row[] = [
  // ----- auth -----
  { route: 'GET /api/auth/session', expect: ['A', 'A', 'A', 'A', 'A'] },
  { route: 'POST /api/auth/signup', expect: ['A', '-', '-', '-', '-'], body: () => ({ name: 'New Person', email: `new.${randomUUID()}@example.com`, password: 'correct horse battery staple', role: 'jobseeker' }) },
  { route: 'POST /api/auth/signup/confirm', expect: ['A', 'A', 'A', 'A', 'A'], body: () => ({ token: 'x'.repeat(40), password: 'correct horse battery staple' }), why: 'an unknown link: 400 for everyone' },
  { route: 'POST /api/auth/login', expect: ['A', '-', '-', '-', '-'], body: () => ({ email: who.seeker.body.user.email, password: TEST_PASSWORD }) },
  { route: 'POST /api/auth/logout', expect: ['A', '-', '-', '-', '-'] },
  { route: 'POST /api/auth/password-reset', expect: ['A', 'A', 'A', 'A', 'A'], body: () => ({ email: 'nobody@example.com' }) },
  { route: 'POST /api/auth/password-reset/confirm', expect: ['A', 'A', 'A', 'A', 'A'], body: () => ({ token: 'x'.repeat(40), password: 'another long phrase 9' }) },
  { route: 'POST /api/auth/password', expect: ['D', 'A', 'A', 'A', 'A'], body: () => ({ currentPassword: 'not the password', newPassword: 'another long phrase 9' }), why: 'wrong current password: 400, the session stays' },
  { route: 'POST /api/auth/login/two-factor', expect: ['D', 'D', 'D', 'D', 'D'], body: () => ({ code: '123456' }), why: 'no password step in this browser: 401 for everyone (two-factor.test.ts)' },
  { route: 'POST /api/auth/passkey/options', expect: ['A', 'A', 'A', 'A', 'A'], why: 'a sign-in challenge naming no account (passkeys.test.ts)' },
  { route: 'POST /api/auth/passkey/verify', expect: ['D', 'D', 'D', 'D', 'D'], body: () => ({ response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', clientExtensionResults: {}, response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' } } }), why: 'a passkey no one registered: 401 for everyone (passkeys.test.ts)' },
  { route: 'GET /api/account/passkeys', expect: ['D', 'A', 'A', 'A', 'A'] },
  { route: 'POST /api/account/passkeys/options', expect: ['D', 'A', 'A', 'A', 'A'], body: () => ({}), why: 'a registration challenge for the signed-in account' },
  { route: 'POST /api/account/passkeys', expect: ['D', 'A', 'A', 'A', 'A'], body: () => ({ response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', clientExtensionResults: {}, response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' } } }), why: 'an answer to no challenge: 400, nothing kept' },
  { route: 'PATCH /api/account/passkeys/:id', expect: ['D', 'D', 'D', 'D', 'D'], url: () => `/api/account/passkeys/${randomUUID()}`, body: () => ({ name: 'Laptop' }), why: 'own passkeys only: another account’s is 404 (passkeys.test.ts)' },
  { route: 'POST /api/account/passkeys/:id/remove', expect: ['D', 'D', 'D', 'D', 'D'], url: () => `/api/account/passkeys/${randomUUID()}/remove`, body: () => ({}), why: 'own passkeys only: another account’s is 404 (passkeys.test.ts)' },
  { route: 'GET /api/account/two-factor', expect: ['D', 'A', 'A', 'A', 'A'] },
  { route: 'POST /api/account/two-factor/setup', expect: ['D', 'A', 'A', 'A', 'A'], why: 'a secret waiting for its first code; the login does not ask for it yet' },
  { route: 'POST /api/account/two-factor/enable', expect: ['D', 'A', 'A', 'A', 'A'], body: () => ({ code: '000000' }), why: 'a wrong code: 400, nothing turned on (two-factor.test.ts)' },
  { route: 'POST /api/account/two-factor/disable', expect: ['D', 'A', 'A', 'A', 'A'], body: () => ({ code: '000000' }), why: 'not on: 409' },
  { route: 'POST /api/account/two-factor/recovery-codes', expect: ['D', 'A', 'A', 'A', 'A'], body: () => ({ code: '000000' }), why: 'not on: 409' },
  { route: 'GET /api/auth/invitations/:token', expect: ['P', 'P', 'P', 'P', 'P'], url: () => `/api/auth/invitations/${randomUUID()}` },
  // ----- account e-mail and preferences -----
  { route: 'GET /api/account/email', expect: ['D', 'A', 'A', 'A', 'A'] },
  { route: 'POST /api/account/email', expect: ['D', 'A', 'A', 'A', 'A'], body: () => ({ email: `moved.${randomUUID()}@example.com`, currentPassword: 'not the password' }), why: 'wrong current password: 400, nothing changes' },
  { route: 'POST /api/account/email/confirm', expect: ['P', 'P', 'P', 'P', 'P'], body: () => ({ token: 'x'.repeat(40) }) },
  { route: 'POST /api/account/email/resend', expect: ['D', 'A', 'A', 'A', 'A'] },
  { route: 'GET /api/account/email-preferences', expect: ['D', 'A', 'A', 'A', 'A'] },
  { route: 'PUT /api/account/email-preferences', expect: ['D', 'A', 'A', 'A', 'A'], body: () => ({ preferences: { messages: 'daily' } }) },
  { route: 'GET /api/account/data-export', expect: ['D', 'A', 'A', 'A', 'A'] },
  { route: 'POST /api/account/data-export', expect: ['D', 'A', 'A', 'A', 'A'] },
  { route: 'POST /api/account/deletion', expect: ['D', 'A', 'A', 'A', 'A'], body: () => ({ password: 'not the password' }), why: 'wrong password: 400, nothing scheduled (deletion.test.ts)' },
  { route: 'GET /api/exports/:id/download', expect: ['D', 'D', 'D', 'D', 'D'], url: () => `/api/exports/${randomUUID()}/download?token=x`, why: 'requester only, through the signed link (data-export.test.ts, company-exports.test.ts)' },
  { route: 'GET /api/mail/unsubscribe', expect: ['P', 'P', 'P', 'P', 'P'], url: () => `/api/mail/unsubscribe?token=${'u'.repeat(40)}` },
  { route: 'POST /api/mail/unsubscribe', expect: ['P', 'P', 'P', 'P', 'P'], url: () => `/api/mail/unsubscribe?token=${'u'.repeat(40)}` },
  // ----- companies -----
  { route: 'GET /api/companies/by-slug/:slug', expect: ['A', 'A', 'A', 'A', 'A'], url: () => `/api/companies/by-slug/${f.slugA}` },
  { route: 'GET /api/companies/:companyId', expect: ['D', 'D', 'A', 'A', 'D'], url: () => `/api/companies/${f.companyA}`, why: 'members; the public page is by slug' },
  { route: 'PUT /api/companies/:companyId', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}`, body: () => ({ studioName: 'Matrix Health', website: 'https://matrix.example', description: 'We build clinical software for hospitals.', location: 'Boston, MA', employeeCount: '11-50', industries: ['EHR'], staffStates: ['CO', 'MA'] }) },
  { route: 'GET /api/companies/:companyId/team', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/team` },
  { route: 'POST /api/companies/:companyId/invite-code', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/invite-code` },
  { route: 'POST /api/companies/:companyId/invitations', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/invitations`, body: () => ({ name: 'Invited Person', email: `invited.${randomUUID()}@example.com` }) },
  { route: 'PATCH /api/companies/:companyId/members/:userId', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/members/${f.removable}`, body: () => ({ role: 'Member' }) },
  { route: 'DELETE /api/companies/:companyId/members/:userId', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/members/${f.removable}` },
  { route: 'PUT /api/companies/:companyId/members/:userId/compliance', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/members/${f.member}/compliance`, body: () => ({ compliance: false }) },
  // ----- self-identification (issue 36): answers are read by no role here; the compliance permission, below -----
  { route: 'GET /api/companies/:companyId/self-id/settings', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/self-id/settings` },
  { route: 'PUT /api/companies/:companyId/self-id/settings', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/self-id/settings`, body: () => ({ enabled: true, forms: ['eeo1', 'disability', 'veteran'] }) },
  { route: 'GET /api/companies/:companyId/self-id/report', expect: ['D', 'D', 'D', 'D', 'D'], url: () => `/api/companies/${f.companyA}/self-id/report`, why: 'only a member with the compliance permission, not even an admin' },
  { route: 'GET /api/jobs/:id/self-id', expect: ['D', 'A', 'D', 'D', 'D'], url: () => `/api/jobs/${f.job}/self-id`, why: 'the applicant is told whether they answered, never what' },
  { route: 'PUT /api/jobs/:id/self-id', expect: ['D', 'A', 'D', 'D', 'D'], url: () => `/api/jobs/${f.job}/self-id`, body: () => ({ answers: {} }) },
  // ----- retention and consent (issue 36) -----
  { route: 'GET /api/companies/:companyId/retention-policy', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/retention-policy` },
  { route: 'PUT /api/companies/:companyId/retention-policy', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/retention-policy`, body: () => ({ defaultMonths: 24, countryMonths: { DE: 6 } }) },
  { route: 'PUT /api/companies/:companyId/talent-pool-consent', expect: ['D', 'A', 'D', 'D', 'D'], url: () => `/api/companies/${f.companyA}/talent-pool-consent`, body: () => ({ textVersion: TALENT_POOL_CONSENT.version }) },
  { route: 'DELETE /api/companies/:companyId/talent-pool-consent', expect: ['D', 'A', 'D', 'D', 'D'], url: () => `/api/companies/${f.companyA}/talent-pool-consent` },
  { route: 'GET /api/companies/:companyId/data-subject-requests', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/data-subject-requests` },
  { route: 'POST /api/companies/:companyId/data-subject-requests', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/data-subject-requests`, body: () => ({ kind: 'access', requesterName: 'Dana Subject', requesterEmail: 'dana@example.com', jurisdiction: 'gdpr' }) },
  { route: 'POST /api/companies/:companyId/data-subject-requests/:requestId/complete', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/data-subject-requests/${f.dsr}/complete` },
  { route: 'GET /api/talent-pool/renew', expect: ['P', 'P', 'P', 'P', 'P'], why: 'the mailed token is the proof: an empty one is a 400 page for everyone' },
  { route: 'POST /api/talent-pool/renew', expect: ['P', 'P', 'P', 'P', 'P'], why: 'the mailed token is the proof: an empty one is a 400 page for everyone' },
  { route: 'GET /api/companies/:companyId/security', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/security` },
  { route: 'PUT /api/companies/:companyId/security', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/security`, body: () => ({ requireTwoFactorForAdmins: false }) },
  { route: 'GET /api/companies/:companyId/scim', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/scim` },
  { route: 'POST /api/companies/:companyId/scim/token', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/scim/token`, body: () => ({}) },
  // ----- SCIM 2.0 (the identity provider's calls) -----
  { route: 'GET /scim/v2/ServiceProviderConfig', expect: ['A', 'A', 'A', 'A', 'A'], why: 'a discovery document (RFC 7644 §4)' },
  { route: 'GET /scim/v2/ResourceTypes', expect: ['A', 'A', 'A', 'A', 'A'], why: 'a discovery document (RFC 7644 §4)' },
  { route: 'GET /scim/v2/Schemas', expect: ['A', 'A', 'A', 'A', 'A'], why: 'a discovery document (RFC 7644 §4)' },
  { route: 'GET /scim/v2/Users', expect: ['D', 'D', 'D', 'D', 'D'], why: 'the company’s SCIM bearer token, not a session: 401 without it (scim.test.ts)' },
  { route: 'POST /scim/v2/Users', expect: ['D', 'D', 'D', 'D', 'D'], body: () => ({ userName: `scim.${randomUUID()}@example.com` }), why: 'the company’s SCIM bearer token, not a session: 401 without it (scim.test.ts)' },
  { route: 'GET /scim/v2/Users/:id', expect: ['D', 'D', 'D', 'D', 'D'], url: () => `/scim/v2/Users/${randomUUID()}`, why: 'the company’s SCIM bearer token, not a session: 401 without it (scim.test.ts)' },
  { route: 'PUT /scim/v2/Users/:id', expect: ['D', 'D', 'D', 'D', 'D'], url: () => `/scim/v2/Users/${randomUUID()}`, body: () => ({ userName: 'scim@example.com' }), why: 'the company’s SCIM bearer token, not a session: 401 without it (scim.test.ts)' },
  { route: 'PATCH /scim/v2/Users/:id', expect: ['D', 'D', 'D', 'D', 'D'], url: () => `/scim/v2/Users/${randomUUID()}`, body: () => ({ Operations: [{ op: 'replace', value: { active: false } }] }), why: 'the company’s SCIM bearer token, not a session: 401 without it (scim.test.ts)' },
  { route: 'DELETE /scim/v2/Users/:id', expect: ['D', 'D', 'D', 'D', 'D'], url: () => `/scim/v2/Users/${randomUUID()}`, why: 'the company’s SCIM bearer token, not a session: 401 without it (scim.test.ts)' },
  { route: 'GET /scim/v2/Groups', expect: ['D', 'D', 'D', 'D', 'D'], why: 'the company’s SCIM bearer token, not a session: 401 without it (scim.test.ts)' },
  { route: 'POST /scim/v2/Groups', expect: ['D', 'D', 'D', 'D', 'D'], body: () => ({ displayName: 'Matrix Group' }), why: 'the company’s SCIM bearer token, not a session: 401 without it (scim.test.ts)' },
  { route: 'GET /scim/v2/Groups/:id', expect: ['D', 'D', 'D', 'D', 'D'], url: () => `/scim/v2/Groups/${randomUUID()}`, why: 'the company’s SCIM bearer token, not a session: 401 without it (scim.test.ts)' },
  { route: 'PATCH /scim/v2/Groups/:id', expect: ['D', 'D', 'D', 'D', 'D'], url: () => `/scim/v2/Groups/${randomUUID()}`, body: () => ({ Operations: [{ op: 'add', path: 'members', value: [] }] }), why: 'the company’s SCIM bearer token, not a session: 401 without it (scim.test.ts)' },
  { route: 'DELETE /scim/v2/Groups/:id', expect: ['D', 'D', 'D', 'D', 'D'], url: () => `/scim/v2/Groups/${randomUUID()}`, why: 'the company’s SCIM bearer token, not a session: 401 without it (scim.test.ts)' },
  { route: 'GET /api/companies/:companyId/audit-log', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/audit-log` },
  // ----- single sign-on (issue 34): company A has no plan here, so its admin is answered 402 past the access check -----
  { route: 'GET /api/companies/:companyId/sso/domains', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/sso/domains` },
  { route: 'POST /api/companies/:companyId/sso/domains', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/sso/domains`, body: (role) => ({ domain: `matrix-${role.toLowerCase()}.test` }) },
  { route: 'DELETE /api/companies/:companyId/sso/domains/:domainId', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/sso/domains/${randomUUID()}` },
  { route: 'POST /api/companies/:companyId/sso/domains/:domainId/dns-check', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/sso/domains/${randomUUID()}/dns-check` },
  { route: 'POST /api/companies/:companyId/sso/domains/:domainId/mail', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/sso/domains/${randomUUID()}/mail`, body: () => ({ localPart: 'postmaster' }) },
  { route: 'GET /api/companies/:companyId/sso/connection', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/sso/connection` },
  { route: 'PUT /api/companies/:companyId/sso/connection', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/sso/connection`, body: () => ({ protocol: 'oidc', enabled: false, requireSso: false, oidc: { issuer: 'https://idp.example.com', clientId: 'matrix', clientSecret: 'matrix-secret' } }) },
  { route: 'POST /api/sso/domains/verify', expect: ['A', 'A', 'A', 'A', 'A'], body: () => ({ token: 'matrix-unknown-token' }), why: 'the mailed link: an unknown token is a 400 for anyone' },
  { route: 'POST /api/auth/sso/start', expect: ['A', 'A', 'A', 'A', 'A'], body: () => ({ email: 'someone@example.com' }) },
  { route: 'GET /api/auth/sso/oidc/callback', expect: ['A', 'A', 'A', 'A', 'A'], url: () => '/api/auth/sso/oidc/callback?state=matrix&code=x', why: "the identity provider's redirect: an unknown state goes back to the login page" },
  // ----- referral programme analytics -----
  { route: 'GET /api/companies/:companyId/analytics', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/analytics?period=30d` },
  { route: 'POST /api/companies/:companyId/exports/:kind', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/exports/bonuses`, body: () => ({ period: '30d' }) },
  { route: 'GET /api/companies/:companyId/exports', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/exports` },
  { route: 'GET /api/companies/:companyId/leaderboard', expect: ['D', 'D', 'A', 'A', 'D'], url: () => `/api/companies/${f.companyA}/leaderboard`, why: 'members get entries only once an admin shows it' },
  { route: 'PUT /api/companies/:companyId/leaderboard', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/leaderboard`, body: () => ({ visible: false }) },
  { route: 'PUT /api/referrers/me/leaderboard', expect: ['D', 'D', 'A', 'A', 'A'], body: () => ({ hidden: false }) },
  { route: 'GET /api/companies/:companyId/bonus-policy', expect: ['D', 'D', 'A', 'A', 'D'], url: () => `/api/companies/${f.companyA}/bonus-policy`, why: 'referrers read the rule before they refer' },
  { route: 'PUT /api/companies/:companyId/bonus-policy', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/bonus-policy`, body: () => ({ defaultBonusAmount: null, defaultBonusCurrency: null, payoutDelayDays: 90, ownershipMonths: 6, retentionCheckDays: null, applyToScheduled: false }) },
  { route: 'POST /api/companies/:companyId/bonuses/paid', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/bonuses/paid`, body: () => ({ referralIds: [f.referral], paidOn: '2026-11-20' }), why: 'not due yet: 409 for the admin' },
  { route: 'GET /api/companies/:companyId/payees', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/payees` },
  { route: 'PUT /api/companies/:companyId/payees/:userId', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/payees/${f.member}`, body: () => ({ kind: 'employee', payrollId: 'EMP-1' }), why: 'a member without a bonus: 404 for the admin' },
  { route: 'POST /api/companies/:companyId/bonuses/:referralId/paid-early', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/bonuses/${f.referral}/paid-early`, body: () => ({ reason: 'Leaving for a sabbatical' }), why: 'not hired yet: 409 for the admin' },
  // ----- plan and billing -----
  { route: 'GET /api/companies/:companyId/plan', expect: ['D', 'D', 'A', 'A', 'D'], url: () => `/api/companies/${f.companyA}/plan`, why: 'members see what the plan includes' },
  { route: 'GET /api/companies/:companyId/billing', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/billing` },
  { route: 'POST /api/companies/:companyId/billing/checkout', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/billing/checkout`, body: () => ({ plan: 'monthly' }), why: 'the fake Stripe answers the hosted page' },
  { route: 'POST /api/companies/:companyId/billing/portal', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/billing/portal` },
  { route: 'PUT /api/companies/:companyId/billing/plan', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/billing/plan`, body: () => ({ plan: 'enterprise' }), why: 'no subscription yet: 409 for the admin' },
  { route: 'PUT /api/companies/:companyId/billing/cancellation', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/billing/cancellation`, body: () => ({ cancelAtPeriodEnd: true }), why: 'no subscription yet: 409 for the admin' },
  { route: 'GET /api/companies/:companyId/billing/invoices', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/billing/invoices` },
  // ----- careers portal (Enterprise: no plan here, so 402 for the admin; portal.test.ts runs them without billing) -----
  { route: 'GET /api/companies/:companyId/portal', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/portal` },
  { route: 'PUT /api/companies/:companyId/portal', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/portal`, body: () => ({ enabled: true, brandColor: '#0f766e', intro: null }) },
  { route: 'PUT /api/companies/:companyId/portal/logo', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/portal/logo`, why: 'no file: 402 before the body is read' },
  { route: 'DELETE /api/companies/:companyId/portal/logo', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/portal/logo` },
  { route: 'POST /api/companies/:companyId/portal/hosts', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/portal/hosts`, body: () => ({ host: 'careers.matrix.example' }) },
  { route: 'POST /api/companies/:companyId/portal/hosts/:hostId/verify', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/portal/hosts/${randomUUID()}/verify` },
  { route: 'DELETE /api/companies/:companyId/portal/hosts/:hostId', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/portal/hosts/${randomUUID()}` },
  { route: 'GET /api/portal-hosts/check', expect: ['P', 'P', 'P', 'P', 'P'], url: () => '/api/portal-hosts/check?domain=careers.unknown.example', why: "a TLS proxy asks it; 404 for a name nobody proved" },
  { route: 'POST /api/billing/stripe/webhook', expect: ['A', 'A', 'A', 'A', 'A'], body: () => ({ id: 'evt_unsigned' }), why: 'Stripe calls it, signed: unsigned is a 400 for anyone (billing.test.ts)' },
  // ----- ATS integrations (company admins on a plan with ats_integrations: 402 here, ats.test.ts for the rest) -----
  { route: 'GET /api/companies/:companyId/ats/connections', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/ats/connections` },
  { route: 'POST /api/companies/:companyId/ats/connections', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/ats/connections`, body: () => ({ vendor: 'greenhouse', apiKey: 'key', onBehalfOf: '1', webhookSecret: 'secret' }) },
  { route: 'DELETE /api/companies/:companyId/ats/connections/:connectionId', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/ats/connections/${randomUUID()}` },
  { route: 'POST /api/companies/:companyId/ats/connections/:connectionId/test', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/ats/connections/${randomUUID()}/test` },
  { route: 'PUT /api/companies/:companyId/ats/connections/:connectionId/stage-mapping', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/ats/connections/${randomUUID()}/stage-mapping`, body: () => ({ stageMapping: { hired: 'hired' } }) },
  { route: 'GET /api/companies/:companyId/ats/connections/:connectionId/jobs', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/ats/connections/${randomUUID()}/jobs` },
  { route: 'POST /api/companies/:companyId/ats/connections/:connectionId/jobs/refresh', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/ats/connections/${randomUUID()}/jobs/refresh` },
  { route: 'POST /api/companies/:companyId/ats/connections/:connectionId/jobs/import', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/ats/connections/${randomUUID()}/jobs/import` },
  { route: 'GET /api/companies/:companyId/ats/connections/:connectionId/job-links', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/ats/connections/${randomUUID()}/job-links` },
  { route: 'PUT /api/companies/:companyId/ats/connections/:connectionId/job-links', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/ats/connections/${randomUUID()}/job-links`, body: () => ({ jobId: f.job, atsJobId: '1' }) },
  { route: 'GET /api/companies/:companyId/ats/connections/:connectionId/sync-log', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/ats/connections/${randomUUID()}/sync-log` },
  { route: 'POST /api/companies/:companyId/ats/connections/:connectionId/sync-log/:syncId/retry', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/ats/connections/${randomUUID()}/sync-log/${randomUUID()}/retry` },
  { route: 'POST /api/ats/webhooks/:connectionId', expect: ['D', 'D', 'D', 'D', 'D'], url: () => `/api/ats/webhooks/${randomUUID()}`, body: () => ({ action: 'hire_candidate' }), why: 'the ATS calls it, signed: an unknown connection is 404, an unsigned delivery 401 (ats.test.ts)' },
  // ----- Slack and Teams (against the fake Slack; Enterprise: no plan here, so the admin's set-up is 402, chat-plan.test.ts) -----
  { route: 'GET /api/companies/:companyId/integrations', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/integrations` },
  { route: 'POST /api/companies/:companyId/integrations/slack/install', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/integrations/slack/install` },
  { route: 'GET /api/slack/oauth/callback', expect: ['D', 'A', 'A', 'A', 'A'], url: () => '/api/slack/oauth/callback?code=x&state=forged', why: 'the signed state decides: a forged one is a 400 for anyone signed in' },
  { route: 'PUT /api/companies/:companyId/integrations/slack/channel', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/integrations/slack/channel`, body: () => ({ channelId: 'C0GENERAL' }), why: 'not connected: 409 for the admin' },
  { route: 'POST /api/companies/:companyId/integrations/slack/channels/refresh', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/integrations/slack/channels/refresh` },
  { route: 'POST /api/companies/:companyId/integrations/slack/test', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/integrations/slack/test` },
  { route: 'DELETE /api/companies/:companyId/integrations/slack', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/integrations/slack` },
  { route: 'PUT /api/companies/:companyId/integrations/teams', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/integrations/teams`, body: () => ({ webhookUrl: `${fakeSlack.origin}/hooks/teams/matrix` }) },
  { route: 'DELETE /api/companies/:companyId/integrations/teams', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/integrations/teams` },
  { route: 'POST /api/slack/interactions', expect: ['D', 'D', 'D', 'D', 'D'], why: 'Slack calls it, signed: unsigned is a 401 for anyone, a session changes nothing (chat.test.ts)' },
  { route: 'POST /api/slack/commands', expect: ['D', 'D', 'D', 'D', 'D'], why: 'Slack calls it, signed: unsigned is a 401 for anyone, a session changes nothing (chat.test.ts)' },
  // ----- dashboards -----
  { route: 'GET /api/dashboard/jobseeker', expect: ['D', 'A', 'D', 'D', 'D'] },
  { route: 'GET /api/dashboard/referrer', expect: ['D', 'D', 'A', 'A', 'A'] },
  // ----- health -----
  { route: 'GET /api/health/live', expect: ['A', 'A', 'A', 'A', 'A'] },
  { route: 'GET /api/health', expect: ['A', 'A', 'A', 'A', 'A'] },
  // ----- jobs -----
  { route: 'GET /api/jobs', expect: ['A', 'A', 'A', 'A', 'A'] },
  { route: 'POST /api/jobs', expect: ['D', 'D', 'A', 'A', 'A'], body: () => job('Matrix Posting') },
  { route: 'GET /api/jobs/:id', expect: ['A', 'A', 'A', 'A', 'A'], url: () => `/api/jobs/${f.job}` },
  { route: 'GET /api/jobs/where-i-stand', expect: ['D', 'A', 'D', 'D', 'D'], url: () => `/api/jobs/where-i-stand?ids=${f.job}`, why: 'a job seeker’s own standing' },
  { route: 'PUT /api/jobs/:id', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/jobs/${f.job}`, body: () => job('Matrix Role'), why: "the job's creator (admin here) and the company's admins" },
  { route: 'PUT /api/jobs/:id/pay-exemption', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/jobs/${f.job}/pay-exemption`, body: () => ({ reason: 'Unpaid volunteer role, no wage.' }), why: "the job's company's admins (pay-transparency.test.ts)" },
  { route: 'DELETE /api/jobs/:id/pay-exemption', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/jobs/${f.job}/pay-exemption`, why: "the job's company's admins" },
  { route: 'POST /api/jobs/:id/close', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/jobs/${f.closableJob}` + '/close' },
  { route: 'PUT /api/jobs/:id/status', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/jobs/${f.closableJob}/status`, body: () => ({ status: 'OPEN' }), why: "the job's creator (admin here) and the company's admins" },
  { route: 'POST /api/jobs/:id/visit', expect: ['D', 'D', 'A', 'A', 'D'], url: () => `/api/jobs/${f.job}/visit`, why: "the job's company" },
  { route: 'GET /api/company/jobs', expect: ['D', 'D', 'A', 'A', 'A'], why: 'every company user sees their own company jobs' },
  { route: 'GET /api/company/roles-to-refer', expect: ['D', 'D', 'A', 'A', 'A'], why: "every company user sees their own company's open roles and bonuses" },
  { route: 'POST /api/jobs/:id/apply', expect: ['D', 'A', 'D', 'D', 'D'], url: () => `/api/jobs/${f.job}/apply` },
  { route: 'GET /api/jobs/:id/share-link', expect: ['D', 'A', 'A', 'A', 'A'], url: () => `/api/jobs/${f.job}/share-link`, why: 'signed in; only its company gets a referral code' },
  { route: 'GET /api/jobs/:id/applications', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/jobs/${f.job}/applications` },
  { route: 'POST /api/jobs/import', expect: ['D', 'D', 'A', 'A', 'A'], body: () => ({ url: 'http://127.0.0.1/careers/1' }), why: 'a private address: refused as bad input, nothing is fetched' },
  { route: 'POST /api/jobs/crawl', expect: ['D', 'D', 'A', 'A', 'A'], body: () => ({ url: 'http://127.0.0.1/careers' }), why: 'a private address: refused as bad input, nothing is queued' },
  { route: 'GET /api/jobs/crawl/:id', expect: ['D', 'D', 'A', 'A', 'D'], url: () => `/api/jobs/crawl/${f.crawl}`, why: "the member who asked and their company's admins" },
  { route: 'GET /api/companies/:companyId/job-sources', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/job-sources`, why: "the company's admins manage its job sources" },
  { route: 'POST /api/companies/:companyId/job-sources', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/job-sources`, body: () => ({ url: 'http://127.0.0.1/careers' }), why: 'a private address: refused as bad input, nothing is stored or queued' },
  { route: 'DELETE /api/companies/:companyId/job-sources/:sourceId', expect: ['D', 'D', 'D', 'P', 'D'], url: () => `/api/companies/${f.companyA}/job-sources/${randomUUID()}`, why: 'an unknown source: 404 for its admins' },
  { route: 'GET /api/admin/job-sources', expect: ['D', 'D', 'D', 'D', 'D'], why: 'platform admins (PLATFORM_ADMIN_EMAILS) only: none here (sources.test.ts)' },
  { route: 'POST /api/admin/job-sources', expect: ['D', 'D', 'D', 'D', 'D'], body: () => ({ url: 'https://careers.example.com/jobs', companyName: 'Listed Clinic' }), why: 'platform admins only: a company admin cannot list boards of other companies' },
  { route: 'DELETE /api/admin/job-sources/:sourceId', expect: ['D', 'D', 'D', 'D', 'D'], url: () => `/api/admin/job-sources/${randomUUID()}`, why: 'platform admins only' },
  { route: 'POST /api/company-claims', expect: ['D', 'A', 'A', 'A', 'A'], body: () => ({ companySlug: f.slugA!, email: 'claimer@example-health.com' }), why: 'anyone signed in asks (company A is on Referwell: 409; a member of a company: 409), nothing is mailed' },
  { route: 'POST /api/company-claims/confirm', expect: ['D', 'A', 'A', 'A', 'A'], body: () => ({ token: 'not-a-claim-token' }), why: 'signed in: an unknown link is a 400 (claims.test.ts)' },
  { route: 'GET /api/company-claims/mine', expect: ['D', 'A', 'A', 'A', 'A'], url: () => `/api/company-claims/mine?companySlug=${f.slugA!}`, why: "signed in: their own open claim on that company, null when none" },
  { route: 'POST /api/company-claims/:claimId/withdraw', expect: ['D', 'D', 'D', 'D', 'D'], url: () => `/api/company-claims/${randomUUID()}/withdraw`, why: "the claimant's own open claim only: anyone else's is a 404 (claims.test.ts)" },
  { route: 'GET /api/admin/company-claims', expect: ['D', 'D', 'D', 'D', 'D'], why: 'platform admins only: none here (claims.test.ts)' },
  { route: 'POST /api/admin/company-claims/:claimId/approve', expect: ['D', 'D', 'D', 'D', 'D'], url: () => `/api/admin/company-claims/${randomUUID()}/approve`, why: 'platform admins only' },
  { route: 'POST /api/admin/company-claims/:claimId/refuse', expect: ['D', 'D', 'D', 'D', 'D'], url: () => `/api/admin/company-claims/${randomUUID()}/refuse`, why: 'platform admins only' },
  // ----- messaging -----
  { route: 'GET /api/conversations', expect: ['D', 'A', 'A', 'A', 'A'] },
  { route: 'GET /api/conversations/unread-count', expect: ['D', 'A', 'A', 'A', 'A'] },
  { route: 'GET /api/conversations/contacts', expect: ['D', 'A', 'A', 'A', 'A'] },
  { route: 'GET /api/conversations/lookup', expect: ['D', 'A', 'A', 'A', 'A'], url: () => `/api/conversations/lookup?userId=${f.seeker}` },
  { route: 'POST /api/conversations', expect: ['D', 'A', 'A', 'A', 'A'], body: (role) => ({ recipientId: role === 'seeker' ? f.member : f.seeker, message: 'Hello from the matrix' }) },
  { route: 'GET /api/conversations/:id', expect: ['D', 'A', 'A', 'D', 'D'], url: () => `/api/conversations/${f.conversation}`, why: 'participants only' },
  { route: 'POST /api/conversations/:id/messages', expect: ['D', 'A', 'A', 'D', 'D'], url: () => `/api/conversations/${f.conversation}/messages`, body: () => ({ text: 'Reply' }) },
  { route: 'POST /api/conversations/:id/read', expect: ['D', 'A', 'A', 'D', 'D'], url: () => `/api/conversations/${f.conversation}/read` },
  // ----- notifications -----
  { route: 'GET /api/notifications', expect: ['D', 'A', 'A', 'A', 'A'] },
  { route: 'GET /api/notifications/unread-count', expect: ['D', 'A', 'A', 'A', 'A'] },
  { route: 'POST /api/notifications/read-all', expect: ['D', 'A', 'A', 'A', 'A'] },
  { route: 'POST /api/notifications/:id/read', expect: ['D', 'A', 'D', 'D', 'D'], url: () => `/api/notifications/${f.notification}/read`, why: 'only your own' },
  // ----- realtime (WebSocket; its handshake refusals are in realtime.test.ts) -----
  { route: 'GET /api/realtime', expect: ['-', '-', '-', '-', '-'] },
  // ----- referrers and referrals -----
  { route: 'GET /api/companies/:company/referrers', expect: ['D', 'A', 'A', 'A', 'A'], url: () => `/api/companies/${f.slugA}/referrers` },
  { route: 'GET /api/referrers/:id', expect: ['D', 'A', 'A', 'A', 'A'], url: () => `/api/referrers/${f.member}` },
  { route: 'PUT /api/referrers/me', expect: ['D', 'D', 'A', 'A', 'A'], body: () => ({ title: 'Engineer' }) },
  { route: 'GET /api/referrers/me/details-prompt', expect: ['D', 'D', 'A', 'A', 'A'] },
  { route: 'PUT /api/referrers/me/details', expect: ['D', 'D', 'A', 'A', 'A'], body: () => ({ title: 'Engineer', team: 'Interfaces' }) },
  { route: 'POST /api/referrers/me/details/skip', expect: ['D', 'D', 'A', 'A', 'A'] },
  // ----- who do you know (LinkedIn connections) -----
  { route: 'POST /api/connections/import', expect: ['D', 'A', 'A', 'A', 'A'], why: 'a JSON body is not the file: 400 (connections.test.ts uploads it)' },
  // ----- exclusion screening (issue 36) -----
  { route: 'GET /api/admin/leie', expect: ['D', 'D', 'D', 'D', 'D'], why: 'platform admins (PLATFORM_ADMIN_EMAILS) only: none here (screening.test.ts)' },
  { route: 'POST /api/admin/leie', expect: ['D', 'D', 'D', 'D', 'D'], why: 'platform admins only (screening.test.ts)' },
  { route: 'POST /api/admin/leie/fetch', expect: ['D', 'D', 'D', 'D', 'D'], why: 'platform admins only' },
  { route: 'GET /api/companies/:companyId/screenings/leie', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/screenings/leie`, why: "the list's state, as screening reads it: never referrers or candidates" },
  { route: 'GET /api/companies/:companyId/screenings', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/screenings`, why: 'never referrers or candidates' },
  { route: 'POST /api/companies/:companyId/screenings/:id/decision', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/companies/${f.companyA}/screenings/${f.screening}/decision`, body: () => ({ decision: 'cleared', note: 'Verified: a different person.' }) },
  { route: 'GET /api/connections/kept', expect: ['D', 'A', 'A', 'A', 'A'] },
  { route: 'POST /api/connections/kept', expect: ['D', 'A', 'A', 'A', 'A'], body: () => ({ items: [{ connection: { firstName: 'Ana', lastName: 'Lopez', profileUrl: null, email: null, company: 'Acme', position: 'Nurse', connectedOn: null }, jobId: f.job }] }), why: 'checked as a match: 422, nothing kept' },
  { route: 'DELETE /api/connections/kept', expect: ['D', 'A', 'A', 'A', 'A'], why: "deletes only the caller's own" },
  { route: 'DELETE /api/connections/kept/:id', expect: ['D', 'D', 'D', 'D', 'D'], url: () => `/api/connections/kept/${randomUUID()}`, why: "only the owner's row: anyone else's, or none, is 404 (connections.test.ts)" },
  { route: 'POST /api/referral-requests', expect: ['D', 'A', 'D', 'D', 'D'], body: () => ({ jobId: f.job, referrerId: f.member, message: 'Would you refer me?' }) },
  { route: 'GET /api/referral-requests', expect: ['D', 'A', 'A', 'A', 'A'] },
  { route: 'POST /api/referral-requests/:id/accept', expect: ['D', 'D', 'A', 'D', 'D'], url: () => `/api/referral-requests/${f.requestToAccept}/accept`, body: () => ({ relationship: 'worked_together' }), why: 'the asked referrer only' },
  { route: 'POST /api/referral-requests/:id/decline', expect: ['D', 'D', 'A', 'D', 'D'], url: () => `/api/referral-requests/${f.requestToDecline}/decline`, body: () => ({ reason: 'Not now' }) },
  { route: 'POST /api/referrals', expect: ['D', 'D', 'A', 'A', 'D'], body: () => ({ jobId: f.job, talentId: f.seeker }), why: "another company's job is not theirs to refer for" },
  { route: 'GET /api/referrals', expect: ['D', 'A', 'A', 'A', 'A'] },
  { route: 'GET /api/referrals/totals', expect: ['D', 'A', 'A', 'A', 'A'] },
  { route: 'GET /api/referrals/:id', expect: ['D', 'A', 'A', 'A', 'D'], url: () => `/api/referrals/${f.referral}`, why: 'referrer, candidate and the referral company' },
  { route: 'PATCH /api/referrals/:id/status', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/referrals/${f.referral}/status`, body: () => ({ status: 'accepted' }) },
  { route: 'PUT /api/referrals/:id/start-date', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/referrals/${f.referral}/start-date`, body: () => ({ startDate: '2026-01-05' }), why: 'the company admin; not hired yet: 409, nothing changes' },
  { route: 'POST /api/referrals/:id/consent', expect: ['D', 'A', 'D', 'D', 'D'], url: () => `/api/referrals/${f.referral}/consent`, body: () => ({ decision: 'confirm' }) },
  { route: 'POST /api/referrals/resume', expect: ['D', 'D', 'A', 'A', 'A'], why: 'company users; the JSON body is a 400 (external-referrals.test.ts uploads files)' },
  { route: 'POST /api/referrals/check', expect: ['D', 'D', 'A', 'A', 'D'], body: () => ({ jobId: f.job, email: 'someone.new@example.com' }), why: "another company's job is not theirs to ask about" },
  { route: 'POST /api/referrals/external', expect: ['D', 'D', 'A', 'A', 'D'], body: () => ({ jobId: f.job, name: 'New Friend', email: `friend.${randomUUID()}@example.com`, relationship: 'know_personally', vouch: 'know_professionally' }) },
  { route: 'GET /api/referrals/:id/resume', expect: ['D', 'D', 'A', 'D', 'D'], url: () => `/api/referrals/${f.externalReferral}/resume`, why: 'its referrer; the company only once the person confirmed' },
  { route: 'GET /api/referral-credit', expect: ['D', 'A', 'A', 'A', 'A'], why: "each reader's own part; the company scope is for admins" },
  { route: 'GET /api/referral-invitations/:token', expect: ['P', 'P', 'P', 'P', 'P'], url: () => `/api/referral-invitations/${'t'.repeat(43)}` },
  { route: 'POST /api/referral-invitations/:token/consent', expect: ['P', 'P', 'P', 'P', 'P'], url: () => `/api/referral-invitations/${'t'.repeat(43)}/consent`, body: () => ({ referralId: f.referral, decision: 'confirm' }) },
  { route: 'POST /api/referral-invitations/:token/claim', expect: ['P', 'P', 'P', 'P', 'P'], url: () => `/api/referral-invitations/${'t'.repeat(43)}/claim`, body: () => ({ password: 'another long phrase 9', discoverable: false }) },
  { route: 'POST /api/referrals/:id/bonus-paid', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/referrals/${f.referral}/bonus-paid`, body: () => ({}) },
  { route: 'POST /api/pipeline-changes/:id/undo', expect: ['D', 'D', 'D', 'D', 'D'], url: () => `/api/pipeline-changes/${randomUUID()}/undo`, why: "only a change's author undoes it, while it is held (pipeline.test.ts)" },
  { route: 'GET /api/jobs/:id/tracking', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/jobs/${f.job}/tracking` },
  { route: 'PUT /api/jobs/:id/tracking/:talentId', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/jobs/${f.job}/tracking/${f.seeker}`, body: () => ({ status: 'Contacted' }) },
  { route: 'GET /api/jobs/:id/comments', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/jobs/${f.job}/comments` },
  { route: 'POST /api/jobs/:id/comments', expect: ['D', 'D', 'D', 'A', 'D'], url: () => `/api/jobs/${f.job}/comments`, body: () => ({ body: 'Strong candidate' }) },
  // ----- saved searches (job seekers, each their own; someone else's is a 404) -----
  { route: 'GET /api/saved-searches', expect: ['D', 'A', 'D', 'D', 'D'] },
  { route: 'POST /api/saved-searches', expect: ['D', 'A', 'D', 'D', 'D'], body: () => ({ name: 'Matrix search', filters: { q: 'fhir' } }) },
  { route: 'PATCH /api/saved-searches/:id', expect: ['D', 'A', 'D', 'D', 'D'], url: () => `/api/saved-searches/${f.savedSearch}`, body: () => ({ alert: 'weekly' }) },
  { route: 'POST /api/saved-searches/:id/seen', expect: ['D', 'A', 'D', 'D', 'D'], url: () => `/api/saved-searches/${f.savedSearch}/seen` },
  { route: 'DELETE /api/saved-searches/:id', expect: ['D', 'A', 'D', 'D', 'D'], url: () => `/api/saved-searches/${f.savedSearchToDelete}` },
  // ----- talent -----
  { route: 'GET /api/talent/profile', expect: ['D', 'A', 'D', 'D', 'D'] },
  { route: 'PUT /api/talent/profile', expect: ['D', 'A', 'D', 'D', 'D'], body: () => ({ name: 'Sam Seeker' }) },
  { route: 'POST /api/talent/resume', expect: ['-', '-', '-', '-', '-'], why: 'multipart; its refusals are in talent.test.ts' },
  { route: 'GET /api/talent/search', expect: ['D', 'D', 'A', 'A', 'A'] },
  { route: 'GET /api/talent/kudos', expect: ['D', 'A', 'D', 'D', 'D'] },
  { route: 'POST /api/talent/kudos-requests', expect: ['D', 'A', 'D', 'D', 'D'], body: () => ({ recommenderEmail: 'mentor@example.com' }) },
  { route: 'GET /api/talent/:idOrSlug', expect: ['D', 'A', 'A', 'A', 'A'], url: () => `/api/talent/${f.seeker}` },
  { route: 'GET /api/talent/:id/resume', expect: ['D', 'P', 'P', 'P', 'D'], url: () => `/api/talent/${f.seeker}/resume`, why: 'no file yet: 404 for those who may see it, 403 for another company' },
  { route: 'POST /api/talent/:id/endorsements', expect: ['D', 'D', 'A', 'A', 'A'], url: () => `/api/talent/${f.seeker}/endorsements` },
  { route: 'GET /api/kudos/:token', expect: ['P', 'P', 'P', 'P', 'P'], url: () => `/api/kudos/${'k'.repeat(43)}` },
  { route: 'POST /api/kudos/:token', expect: ['P', 'P', 'P', 'P', 'P'], url: () => `/api/kudos/${'k'.repeat(43)}`, body: () => ({ author: 'Mentor', rating: 5, text: 'Great colleague' }) },
  // ----- waitlist -----
  { route: 'POST /api/waitlist', expect: ['A', 'A', 'A', 'A', 'A'], body: () => ({ email: `wait.${randomUUID()}@example.com` }) },
  { route: 'POST /waitlist', expect: ['A', 'A', 'A', 'A', 'A'], why: 'the waitlist page as a plain form post' },
  { route: 'POST /login', expect: ['A', 'A', 'A', 'A', 'A'], why: 'the login page as a plain form post (303 back with an error)' },
  { route: 'POST /signup', expect: ['A', 'A', 'A', 'A', 'A'], why: 'the sign-up page as a plain form post (303 back with an error)' },
  { route: 'POST /sso/saml/acs', expect: ['A', 'A', 'A', 'A', 'A'], why: "the identity provider's SAML response, posted cross-site: without a body a 400/415 for anyone" },
];

let t: TestApp;
const who = {} as Record<Exclude<Role, 'visitor'>, SignedUp>;
/** Billing is on in this app, against the fake Stripe server, so the billing routes answer as they would. */
let fakeStripe: FakeStripe;
/** Slack is offered too, against the fake Slack server. */
let fakeSlack: FakeSlack;
let sent = 0;

async function call(method: string, url: string, role: Role, payload?: object) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    ...(payload ? { payload } : {}),
    ...(role === 'visitor' ? {} : withSession(who[role].token)),
    remoteAddress: `10.88.${Math.floor(++sent / 250) % 250}.${(sent % 250) + 1}`,
  });
  return res;
}

async function ok(method: string, url: string, role: Role, payload?: object) {
  const res = await call(method, url, role, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url} as ${role}: ${res.statusCode} ${res.body}`);
  return res.statusCode === 204 ? null : res.json();
}

beforeAll(async () => {
  fakeStripe = await startFakeStripe();
  fakeSlack = await startFakeSlack();
  t = await createTestApp({
    env: { RATE_LIMIT_SCALE: '100', ...stripeTestEnv(fakeStripe.origin), ...slackTestEnv(fakeSlack.origin) },
  });
  who.admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Matrix Health' });
  who.otherAdmin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Other Matrix Clinic' });
  who.seeker = await signUp(t, { name: 'Sam Seeker' });
  f.companyA = who.admin.body.company!.id;
  f.slugA = who.admin.body.company!.slug;
  const { inviteCode } = await ok('GET', `/api/companies/${f.companyA}/team`, 'admin');
  who.member = await signUp(t, { role: 'referrer', inviteCode });
  f.removable = (await signUp(t, { role: 'referrer', inviteCode })).body.user.id;
  f.seeker = who.seeker.body.user.id;
  f.member = who.member.body.user.id;
  f.job = (await ok('POST', '/api/jobs', 'admin', { ...job('Matrix Role'), referralBonusAmount: 1000 })).id;
  f.closableJob = (await ok('POST', '/api/jobs', 'admin', job('Matrix Closable'))).id;
  const secondJob = (await ok('POST', '/api/jobs', 'admin', job('Matrix Second'))).id;
  const thirdJob = (await ok('POST', '/api/jobs', 'admin', job('Matrix Third'))).id;
  f.referral = (await ok('POST', '/api/referrals', 'member', { jobId: f.job, talentId: f.seeker })).id;
  // Confirmed, so it has reached the company (its admin may read and move it); applying after the referral keeps it.
  await ok('POST', `/api/referrals/${f.referral}/consent`, 'seeker', { decision: 'confirm' });
  await ok('POST', `/api/jobs/${f.job}/apply`, 'seeker', {});
  // A person referred by their details with a résumé, who has not answered yet.
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/referrals/resume',
    ...multipartFile(readFileSync(RESUME_PDF), 'resume.pdf'),
    ...withSession(who.member.token),
  });
  f.externalReferral = (
    await ok('POST', '/api/referrals/external', 'member', {
      jobId: secondJob,
      name: 'Matrix Friend',
      email: `matrix.friend.${randomUUID()}@example.com`,
      relationship: 'worked_together',
      vouch: 'worked_directly',
      resumeUploadId: upload.json().uploadId,
    })
  ).id;
  const ask = (jobId: string) =>
    ok('POST', '/api/referral-requests', 'seeker', { jobId, referrerId: f.member, message: 'Please?' });
  f.requestToAccept = (await ask(secondJob)).id;
  f.requestToDecline = (await ask(thirdJob)).id;
  f.conversation = (
    await ok('POST', '/api/conversations', 'member', { recipientId: f.seeker, message: 'Hi' })
  ).conversation.id;
  f.notification = (await ok('GET', '/api/notifications', 'seeker')).items[0].id;
  const saveSearch = async (name: string) =>
    (await ok('POST', '/api/saved-searches', 'seeker', { name, filters: { q: 'matrix' } })).id;
  f.savedSearch = await saveSearch('Matrix roles');
  f.savedSearchToDelete = await saveSearch('Matrix roles to delete');
  // Inserted without its queued job: the row is all GET reads, and nothing is fetched.
  const [crawl] = await t.database.db
    .insert(jobCrawls)
    .values({ companyId: f.companyA, requestedBy: f.member, url: 'https://careers.example.com/' })
    .returning({ id: jobCrawls.id });
  f.crawl = crawl!.id;
  // A possible match awaiting a decision (screening.test.ts loads a real list and screens at Offer).
  const [pipeline] = await t.database.db
    .select({ id: candidatePipelines.id })
    .from(candidatePipelines)
    .where(and(eq(candidatePipelines.jobId, f.job), eq(candidatePipelines.talentId, f.seeker)));
  const [screening] = await t.database.db
    .insert(exclusionScreenings)
    .values({
      companyId: f.companyA,
      pipelineId: pipeline!.id,
      talentId: f.seeker,
      trigger: 'offer',
      result: 'possible',
    })
    .returning({ id: exclusionScreenings.id });
  f.screening = screening!.id;
  f.dsr = (
    await ok('POST', `/api/companies/${f.companyA}/data-subject-requests`, 'admin', {
      kind: 'deletion',
      requesterName: 'Robin Requester',
      requesterEmail: 'robin@example.com',
      jurisdiction: 'ccpa',
    })
  ).id;
}, 180_000);
afterAll(async () => {
  await t.close();
  await fakeStripe.close();
  await fakeSlack.close();
});

const pathOf = (url: string) => url.split('?')[0]!;

describe('authorization matrix', () => {
  it('has exactly one row for every API route the app registers (from its OpenAPI document)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const registered = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    // The WebSocket route is not an OpenAPI operation.
    registered.push('GET /api/realtime');
    const rows = TABLE.map((r) => r.route);
    expect(new Set(rows).size).toBe(rows.length);
    expect([...rows].sort()).toEqual(registered.filter((r) => !r.includes('/api/docs')).sort());
  });

  for (const row of TABLE) {
    const [method, path] = row.route.split(' ') as [string, string];
    it(`${row.route}${row.why ? ` (${row.why})` : ''}`, async () => {
      const url = row.url?.() ?? path;
      // Refusals first: they must change nothing, so the allowed calls that follow see the fixtures intact.
      const order = [...ROLES].sort(
        (a, b) => Number(row.expect[ROLES.indexOf(a)] === 'A') - Number(row.expect[ROLES.indexOf(b)] === 'A'),
      );
      const seen: string[] = [];
      const wrong: string[] = [];
      for (const role of order) {
        const expected = row.expect[ROLES.indexOf(role)]!;
        if (expected === '-') continue;
        const res = await call(
          method,
          url,
          role,
          row.body?.(role) ?? (method === 'GET' || method === 'DELETE' ? undefined : {}),
        );
        const refused = [401, 403, 404].includes(res.statusCode);
        const fine =
          expected === 'A'
            ? !refused && res.statusCode < 500
            : expected === 'D'
              ? refused
              : ![401, 403].includes(res.statusCode) && res.statusCode < 500;
        seen.push(`${role}=${res.statusCode}`);
        if (!fine) wrong.push(`${role}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
      expect(wrong, `${row.route} ${pathOf(url)} ${seen.join(' ')}`).toEqual([]);
    });
  }
});

describe('self-identification answers: only the compliance permission reads them, and only as counts (issue 36)', () => {
  /** A choice value no other answer of the API carries. */
  const ANSWER = 'native_hawaiian_pacific_islander';
  let compliance: SignedUp;
  beforeAll(async () => {
    const { inviteCode } = await ok('GET', `/api/companies/${f.companyA}/team`, 'admin');
    compliance = await signUp(t, { role: 'referrer', inviteCode, name: 'Cleo Compliance' });
    await ok('PUT', `/api/companies/${f.companyA}/members/${compliance.body.user.id}/compliance`, 'admin', {
      compliance: true,
    });
    await ok('PUT', `/api/companies/${f.companyA}/self-id/settings`, 'admin', {
      enabled: true,
      forms: ['eeo1', 'disability', 'veteran'],
    });
    await ok('PUT', `/api/jobs/${f.job}/self-id`, 'seeker', { answers: { race: ANSWER, veteran: 'protected' } });
  });

  it('answers no role but compliance with any self-identification data, on any GET route', async () => {
    const wrong: string[] = [];
    for (const row of TABLE) {
      const [method, path] = row.route.split(' ') as [string, string];
      if (method !== 'GET' || path === '/api/realtime') continue;
      const url = row.url?.() ?? path;
      for (const role of ROLES) {
        if (row.expect[ROLES.indexOf(role)] === '-') continue;
        const res = await call(method, url, role);
        if (res.body.includes(ANSWER)) wrong.push(`${row.route} as ${role}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lets the compliance member read the aggregate report, and nothing else more than a member', async () => {
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/companies/${f.companyA}/self-id/report`,
      ...withSession(compliance.token),
    });
    expect(report.statusCode).toBe(200);
    // One respondent: the job's row is there, every count suppressed.
    const rows = report.json().rows as { jobId: string; respondents: number | null }[];
    expect(rows).toEqual([expect.objectContaining({ jobId: f.job, respondents: null })]);
    expect(report.body).not.toContain(f.seeker);
    for (const url of [`/api/companies/${f.companyA}/team`, `/api/companies/${f.companyA}/self-id/settings`])
      expect((await t.app.inject({ method: 'GET', url, ...withSession(compliance.token) })).statusCode).toBe(403);
  });
});

describe('drafts never leak through a reference by id (issue 40, finding 8)', () => {
  const TITLE = 'Confidential Draft Reorganisation Lead';
  let draft: string;
  beforeAll(async () => {
    draft = (await ok('POST', '/api/jobs?draft=true', 'otherAdmin', job(TITLE))).id;
  });

  /** Every route that takes a job's id from the caller, with what each role sends. */
  const references: { route: string; url: (id: string) => string; body?: (id: string, role: Role) => object }[] = [
    { route: 'GET /api/jobs/:id', url: (id) => `/api/jobs/${id}` },
    { route: 'PUT /api/jobs/:id', url: (id) => `/api/jobs/${id}`, body: () => job('Renamed') },
    { route: 'POST /api/jobs/:id/close', url: (id) => `/api/jobs/${id}/close` },
    {
      route: 'PUT /api/jobs/:id/pay-exemption',
      url: (id) => `/api/jobs/${id}/pay-exemption`,
      body: () => ({ reason: 'Unpaid volunteer role, no wage.' }),
    },
    { route: 'DELETE /api/jobs/:id/pay-exemption', url: (id) => `/api/jobs/${id}/pay-exemption` },
    { route: 'PUT /api/jobs/:id/status', url: (id) => `/api/jobs/${id}/status`, body: () => ({ status: 'OPEN' }) },
    { route: 'POST /api/jobs/:id/visit', url: (id) => `/api/jobs/${id}/visit` },
    { route: 'POST /api/jobs/:id/apply', url: (id) => `/api/jobs/${id}/apply`, body: () => ({}) },
    { route: 'GET /api/jobs/:id/applications', url: (id) => `/api/jobs/${id}/applications` },
    { route: 'GET /api/jobs/:id/self-id', url: (id) => `/api/jobs/${id}/self-id` },
    { route: 'PUT /api/jobs/:id/self-id', url: (id) => `/api/jobs/${id}/self-id`, body: () => ({ answers: {} }) },
    { route: 'GET /api/jobs/:id/share-link', url: (id) => `/api/jobs/${id}/share-link` },
    { route: 'GET /api/jobs/:id/tracking', url: (id) => `/api/jobs/${id}/tracking` },
    {
      route: 'PUT /api/jobs/:id/tracking/:talentId',
      url: (id) => `/api/jobs/${id}/tracking/${f.seeker}`,
      body: () => ({ status: 'Contacted' }),
    },
    { route: 'GET /api/jobs/:id/comments', url: (id) => `/api/jobs/${id}/comments` },
    { route: 'POST /api/jobs/:id/comments', url: (id) => `/api/jobs/${id}/comments`, body: () => ({ body: 'Hm' }) },
    {
      route: 'GET /api/companies/:company/referrers',
      url: (id) => `/api/companies/${who.otherAdmin.body.company!.slug}/referrers?jobId=${id}`,
    },
    {
      route: 'POST /api/conversations',
      url: () => '/api/conversations',
      body: (id, role) => ({
        recipientId: role === 'seeker' ? f.member : f.seeker,
        message: 'About this job',
        jobId: id,
      }),
    },
    {
      route: 'POST /api/referral-requests',
      url: () => '/api/referral-requests',
      body: (id) => ({ jobId: id, referrerId: who.otherAdmin.body.user.id, message: 'Would you refer me?' }),
    },
    { route: 'POST /api/referrals', url: () => '/api/referrals', body: (id) => ({ jobId: id, talentId: f.seeker }) },
  ];

  it('covers every route with a job id in its path', () => {
    const covered = new Set(references.map((r) => r.route));
    const withJobId = TABLE.map((r) => r.route).filter((r) => /^\w+ \/api\/jobs\/:id(\/|$)/.test(r));
    expect(withJobId.filter((r) => !covered.has(r))).toEqual([]);
  });

  it("answers everyone outside the draft's company exactly as for a job that does not exist", async () => {
    const wrong: string[] = [];
    for (const reference of references) {
      const [method] = reference.route.split(' ') as [string];
      for (const role of ['visitor', 'seeker', 'member', 'admin'] as const) {
        const ask = (id: string) => call(method, reference.url(id), role, reference.body?.(id, role));
        const missing = randomUUID();
        const [onDraft, onNothing] = [await ask(draft), await ask(missing)];
        const same =
          onDraft.statusCode === onNothing.statusCode &&
          onDraft.body.replaceAll(draft, 'ID') === onNothing.body.replaceAll(missing, 'ID');
        if (!same || onDraft.body.includes(TITLE) || onDraft.statusCode < 300)
          wrong.push(`${reference.route} as ${role}: ${onDraft.statusCode} ${onDraft.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("is there for its own company's team", async () => {
    expect((await ok('GET', `/api/jobs/${draft}`, 'otherAdmin')).title).toBe(TITLE);
  });
});

describe('no account enumeration (issue 40, finding 9)', () => {
  /** What a caller can observe of an answer: status, body, which headers and cookies it sets. */
  const observed = (res: Awaited<ReturnType<typeof call>>) => ({
    status: res.statusCode,
    body: res.body,
    headers: Object.keys(res.headers).sort(),
    cookies: res.cookies.map((c) => c.name),
  });

  it('a sign-up with a taken address answers every role exactly as one with a new address, and opens no session', async () => {
    const wrong: string[] = [];
    for (const role of ROLES) {
      const signup = (email: string) =>
        call('POST', '/api/auth/signup', role, { name: 'Probe', email, password: TEST_PASSWORD, role: 'jobseeker' });
      const fresh = observed(await signup(`probe.${randomUUID()}@example.com`));
      const taken = observed(await signup(who.member.body.user.email.toUpperCase()));
      if (JSON.stringify(fresh) !== JSON.stringify(taken))
        wrong.push(`${role}: ${JSON.stringify(fresh)} vs ${JSON.stringify(taken)}`);
      if (fresh.status !== 202 || fresh.cookies.length > 0) wrong.push(`${role}: ${JSON.stringify(fresh)}`);
    }
    expect(wrong).toEqual([]);
    // Each signed-in caller is still who they were.
    for (const role of ['seeker', 'member', 'admin'] as const)
      expect((await ok('GET', '/api/auth/session', role)).user.id).toBe(who[role].body.user.id);
  });

  it("an e-mail change to another account's address answers every role as a change to a free one", async () => {
    const wrong: string[] = [];
    for (const role of ['seeker', 'member', 'admin'] as const) {
      const change = (email: string) =>
        call('POST', '/api/account/email', role, { email, currentPassword: TEST_PASSWORD });
      const free = observed(await change(`free.${randomUUID()}@example.com`));
      const taken = observed(await change(who.otherAdmin.body.user.email));
      if (JSON.stringify(free) !== JSON.stringify(taken))
        wrong.push(`${role}: ${JSON.stringify(free)} vs ${JSON.stringify(taken)}`);
      if (free.status !== 202) wrong.push(`${role}: ${JSON.stringify(free)}`);
    }
    expect(wrong).toEqual([]);
    // Nobody's address moved; the owners were told (auth.test.ts and mail.test.ts read those mails).
    for (const role of ['seeker', 'member', 'admin', 'otherAdmin'] as const)
      expect((await ok('GET', '/api/account/email', role)).email).toBe(who[role].body.user.email);
  });
});

/** The same URL with its `/api/` prefix percent-encoded in one of the ways the router decodes. */
const ENCODED_PREFIXES = ['/%61pi/', '/a%70i/', '/ap%69/', '/%61%70%69/'];
const encodedPrefix = (url: string, n: number) =>
  url.replace(/^\/api\//, ENCODED_PREFIXES[n % ENCODED_PREFIXES.length]!);

describe('guards see the path the router sees (issue 40, finding 11)', () => {
  it('answers every role on the encoded path of every GET route as on /api/ (the session is looked up)', async () => {
    const wrong: string[] = [];
    for (const [n, row] of TABLE.entries()) {
      const [method, path] = row.route.split(' ') as [string, string];
      if (method !== 'GET' || path === '/api/realtime') continue;
      const url = row.url?.() ?? path;
      for (const role of ROLES) {
        if (row.expect[ROLES.indexOf(role)] === '-') continue;
        const plain = await call(method, url, role);
        const encoded = await call(method, encodedPrefix(url, n), role);
        if (encoded.statusCode !== plain.statusCode)
          wrong.push(`${row.route} as ${role}: ${plain.statusCode} on /api/, ${encoded.statusCode} encoded`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a cross-site write on the encoded path of every state-changing route (Origin check)', async () => {
    const wrong: string[] = [];
    for (const [n, row] of TABLE.entries()) {
      const [method, path] = row.route.split(' ') as [string, string];
      if (method === 'GET' || !path.startsWith('/api/')) continue; // POST /waitlist, /login, /signup: the no-JS forms (Sec-Fetch-Site, auth.test.ts)
      const res = await t.app.inject({
        method: method as 'POST',
        url: encodedPrefix(row.url?.() ?? path, n),
        headers: { origin: 'https://evil.example' },
        payload: row.body?.('seeker') ?? {},
        ...withSession(who.seeker.token),
      });
      if (res.statusCode !== 403) wrong.push(`${row.route}: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('looks the session up, checks the Origin and refuses NUL bytes on an encoded prefix', async () => {
    const session = await call('GET', '/%61pi/auth/session', 'seeker');
    expect(session.statusCode).toBe(200);
    expect(session.json().user.id).toBe(f.seeker);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/%61pi/saved-searches',
      headers: { origin: 'https://evil.example' },
      payload: { name: 'Forged', filters: { q: 'x' } },
      ...withSession(who.seeker.token),
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('CSRF');
    const nul = await call('GET', '/%61pi/jobs?q=a%00b', 'visitor');
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.message).toContain('NUL');
  });

  it('decodes once: an encoded percent sign stays a percent sign (no route behind /%2561pi/)', async () => {
    for (const url of ['/%2561pi/jobs', '/%2561pi/auth/session', '/api%2Fjobs'])
      expect((await call('GET', url, 'seeker')).statusCode, url).toBe(404);
  });
});

describe('developer routes (issue 40, finding 12)', () => {
  it('/api/dev/* answers 404 to every role unless DEV_ROUTES is set (mail.test.ts covers it set)', async () => {
    for (const role of ROLES)
      for (const url of ['/api/dev/mail', '/api/dev/mail/password-reset', '/%61pi/dev/mail'])
        expect((await call('GET', url, role)).statusCode, `${role} ${url}`).toBe(404);
  });
});
