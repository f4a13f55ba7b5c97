import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * An account's second factor (ADR 0035): a TOTP secret (RFC 6238), sealed at rest (lib/secrets.ts, bound to the
 * account). `enabledAt` is null while set-up waits for the first code from the authenticator app; only then does the
 * login ask for it. `lastUsedStep` is the time step of the last code accepted, so a code is never accepted twice
 * (RFC 6238 §5.2).
 */
export const twoFactor = pgTable('two_factor', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  totpSealed: text().notNull(),
  enabledAt: timestamp({ withTimezone: true }),
  lastUsedStep: integer(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes, stored as SHA-256 hashes (shown once, when made); a used code keeps its row. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);
