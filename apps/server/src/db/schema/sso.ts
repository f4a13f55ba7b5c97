import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';

/**
 * An e-mail domain a company claims for single sign-on (issue 34). It counts once proved: by a DNS TXT record at the
 * domain holding `verificationToken`, or by a link mailed to an address at the domain (`mailTokenHash`, single use,
 * expiring). Several companies may claim a domain; only one can hold it verified (the partial unique index): the
 * first to prove it.
 */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Lower-case, no trailing dot. */
    domain: text().notNull(),
    /** The random value the TXT record must hold (not a secret: it is published in DNS). */
    verificationToken: text().notNull(),
    verifiedAt: timestamp({ withTimezone: true }),
    /** 'dns' or 'mail' once verified. */
    verifiedBy: text(),
    mailTokenHash: text(),
    mailTokenExpiresAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sso_domains_company_domain_key').on(t.companyId, t.domain),
    uniqueIndex('sso_domains_verified_key')
      .on(t.domain)
      .where(sql`${t.verifiedAt} is not null`),
    uniqueIndex('sso_domains_mail_token_key').on(t.mailTokenHash),
    check('sso_domains_verified_by_check', sql`${t.verifiedBy} is null or ${t.verifiedBy} in ('dns', 'mail')`),
  ],
);

/**
 * A company's identity provider: OpenID Connect (issuer, client id, the client secret sealed with lib/secrets.ts) or
 * SAML 2.0 (the IdP's sign-on URL, entity id and signing certificate). `requireSso` turns password sign-in and reset
 * off for addresses on the company's verified domains. `adminGroups`: IdP groups whose people join as admins.
 */
export const ssoConnections = pgTable(
  'sso_connections',
  {
    companyId: uuid()
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    protocol: text().notNull(),
    enabled: boolean().notNull().default(false),
    requireSso: boolean().notNull().default(false),
    adminGroups: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    oidcIssuer: text(),
    oidcClientId: text(),
    oidcClientSecretSealed: text(),
    samlEntryPoint: text(),
    samlIdpIssuer: text(),
    samlCertificate: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('sso_connections_protocol_check', sql`${t.protocol} in ('oidc', 'saml')`)],
);

/**
 * A sign-in sent to the identity provider and not back yet: the OpenID Connect `state` (hashed), with the PKCE code
 * verifier and nonce it must come back with, or a SAML request's id (InResponseTo). Used once; kept 10 minutes.
 */
export const ssoLoginAttempts = pgTable(
  'sso_login_attempts',
  {
    stateHash: text().primaryKey(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    codeVerifier: text(),
    nonce: text(),
    returnTo: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('sso_login_attempts_expires_idx').on(t.expiresAt)],
);

/** SAML assertion ids already accepted, per company, until they expire: a replayed assertion is refused. */
export const ssoUsedAssertions = pgTable(
  'sso_used_assertions',
  {
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    assertionId: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.assertionId] }),
    index('sso_used_assertions_expires_idx').on(t.expiresAt),
  ],
);
