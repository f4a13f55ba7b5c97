// What a vouched-for single sign-on identity becomes (issue 34): the company's existing member signed in, or a new
// member created just in time with the role the identity provider's groups map to. The session is the house's own.
import { eq } from 'drizzle-orm';
import type { AuthFormError } from '@referwell/shared';
import type { Db } from '../../../db/client';
import { inTransaction, lowerEq } from '../../../db/repository';
import { companyMembers, users } from '../../../db/schema';
import { emailDomainOf } from '../../../lib/email-domain';
import { AppError } from '../../../lib/errors';
import type { AccountLifecycle } from '../../../platform/accounts/lifecycle';
import { NO_PASSWORD } from '../../../platform/accounts/unclaimed';
import { recordAudit } from '../../../platform/audit/service';
import { createSession, type SessionMeta } from '../../../platform/sessions/sessions';
import { addMember } from '../../companies/port';
import { verifiedDomainsOf } from './domains';

/** What the identity provider said about the person, once its answer passed every check. */
export interface SsoIdentity {
  email: string;
  name: string | null;
  groups: string[];
  /** The IdP's subject (OIDC `sub`, SAML NameID), for the audit trail only. */
  subject: string;
}

/** A refused sign-in: the login page's code for it (AUTH_FORM_ERRORS) and what the audit log keeps. */
export class SsoRefusal extends AppError {
  constructor(
    readonly formError: AuthFormError,
    readonly reason: string,
  ) {
    super(formError === 'sso-expired' ? 400 : 403, 'SSO_REFUSED', reason);
  }
}

/** Writes the refusal to the company's audit log (reasons are short words, never the IdP's raw answer). */
export async function auditRefusal(db: Db, companyId: string, protocol: 'oidc' | 'saml', reason: string) {
  await inTransaction(db, (tx) =>
    recordAudit(tx, {
      companyId,
      actorId: null,
      action: 'sso.login_refused',
      subject: { type: 'company', id: companyId },
      after: { protocol, reason: reason.slice(0, 200) },
    }),
  );
}

const roleFor = (groups: string[], adminGroups: string[]): 'admin' | 'member' =>
  groups.some((group) => adminGroups.includes(group)) ? 'admin' : 'member';

/**
 * Signs the identity in: its address must be on one of the company's verified domains. A person not on Referwell
 * yet is created as a referrer and member of the company (an admin when one of their groups is an admin group); a
 * person already on Referwell signs in to their account (joining the company when they belong to none); a person
 * of another company is refused. Returns the new session's token.
 */
export async function signInIdentity(
  db: Db,
  accounts: AccountLifecycle,
  companyId: string,
  adminGroups: string[],
  identity: SsoIdentity,
  meta: SessionMeta,
): Promise<{ userId: string; token: string }> {
  const email = identity.email.trim().toLowerCase();
  const domain = emailDomainOf(email);
  if (!email.includes('@') || !(await verifiedDomainsOf(db, companyId)).includes(domain))
    throw new SsoRefusal('sso-domain', 'e-mail address outside the verified domains');

  const result = await inTransaction(db, async (tx) => {
    const [existing] = await tx
      .select({ id: users.id, companyId: companyMembers.companyId })
      .from(users)
      .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
      .where(lowerEq(users.email, email));
    if (existing?.companyId && existing.companyId !== companyId)
      throw new SsoRefusal('sso-other-company', 'the account belongs to another company');
    let userId = existing?.id;
    if (!userId) {
      const name = identity.name?.trim().slice(0, 200) || email.slice(0, email.indexOf('@'));
      const [row] = await tx
        .insert(users)
        .values({ email, name, passwordHash: NO_PASSWORD, type: 'referrer', emailConfirmedAt: new Date() })
        .returning({ id: users.id });
      userId = row!.id;
      await accounts.created(tx, { id: userId, name, type: 'referrer' });
    }
    if (!existing?.companyId) {
      const role = roleFor(identity.groups, adminGroups);
      await addMember(tx, companyId, userId, role);
      await recordAudit(tx, {
        companyId,
        actorId: null,
        action: 'sso.member_provisioned',
        subject: { type: 'member', id: userId, userId },
        after: { role, created: !existing },
      });
    }
    return { userId, token: await createSession(tx, userId, meta) };
  });
  await accounts.loggedIn(db, result.userId);
  return result;
}
