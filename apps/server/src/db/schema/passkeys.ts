import { bigint, boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth';

/**
 * An account's passkey (WebAuthn credential, issue 34): the credential id and COSE public key the authenticator made
 * (both base64url), its signature counter (0 when the authenticator keeps none), the transports it said it can use,
 * and a name the person chose. Public material only: no secret of the person is stored.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text().notNull(),
    publicKey: text().notNull(),
    /** An unsigned 32-bit count (WebAuthn §6.1.1): beyond integer's range. */
    counter: bigint({ mode: 'number' }).notNull().default(0),
    transports: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Whether the authenticator said the key is synced to a cloud account (backup state, BS flag). */
    backedUp: boolean().notNull().default(false),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_id_key').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/**
 * A WebAuthn challenge handed out and not answered yet: registering a passkey (for `userId`) or signing in with one
 * (no account yet: discoverable credentials). Used once (deleted when answered), expiring after a few minutes.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challenge: text().primaryKey(),
    purpose: text().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('passkey_challenges_expires_idx').on(t.expiresAt),
    check(
      'passkey_challenges_purpose_check',
      sql`(${t.purpose} = 'register' and ${t.userId} is not null) or (${t.purpose} = 'sign_in' and ${t.userId} is null)`,
    ),
  ],
);
