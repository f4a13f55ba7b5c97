/**
 * The registry of sealed columns: every column that holds a value sealed with lib/secrets.ts, with the context each
 * value is bound to. A feature that seals a new column adds it here (and takes its context from here), so the
 * start-up check and the re-seal after a key rotation (ADR 0038) reach every secret.
 *
 * - `checkSealedValues` (start-up): refuses to start when a sealed value is under a key the ring does not hold, or a
 *   value sealed before key ids opens under none; answers how many values are not under the current key yet.
 * - `resealStep` (the queued `reseal-secrets` task): one batch of one table, in key order from where the last step
 *   stopped; each row re-sealed in its own transaction (locked, every sealed column of it moved at once, so a row is
 *   never half-written); values already under the current key are left alone, so a step run twice changes nothing.
 *   A value that opens under no key is counted as failed and left as it is.
 */
import { and, asc, eq, getTableColumns, isNotNull, not, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import {
  atsConnections,
  payees,
  selfIdAnswers,
  slackConnections,
  ssoConnections,
  teamsConnections,
  twoFactor,
} from '../db/schema';
import { SecretError, type Secrets } from './secrets';

/** The context each kind of sealed value is bound to: a value copied to another row does not open there. */
export const sealedContext = {
  payeeTin: (companyId: string, userId: string) => `payee-tin:${companyId}:${userId}`,
  atsCredentials: (connectionId: string) => `ats-credentials:${connectionId}`,
  atsWebhookSecret: (connectionId: string) => `ats-webhook-secret:${connectionId}`,
  slackToken: (companyId: string) => `slack-bot:${companyId}`,
  /** Slack's OAuth code in the queued exchange's payload: lives minutes, opened by the ring, not re-sealed. */
  slackCode: (companyId: string) => `slack-code:${companyId}`,
  teamsWebhook: (companyId: string) => `teams-webhook:${companyId}`,
  ssoClientSecret: (companyId: string) => `sso-oidc-client-secret:${companyId}`,
  totp: (userId: string) => `totp:${userId}`,
  selfIdAnswers: (companyId: string, jobId: string, userId: string) => `self-id:${companyId}:${jobId}:${userId}`,
} as const;

type Row = Record<string, string>;

interface SealedTable {
  name: string;
  table: PgTable;
  /** The row's primary key: finds it, and orders the re-seal's steps. */
  key: Record<string, PgColumn>;
  /** Further columns the contexts are built from. */
  also?: Record<string, PgColumn>;
  /** Sealed column (the table's property name) → the context of its value in a row. */
  sealed: Record<string, (row: Row) => string>;
}

export const SEALED_TABLES: readonly SealedTable[] = [
  {
    name: 'payees',
    table: payees,
    key: { companyId: payees.companyId, userId: payees.userId },
    sealed: { tinSealed: (r) => sealedContext.payeeTin(r.companyId!, r.userId!) },
  },
  {
    name: 'ats_connections',
    table: atsConnections,
    key: { id: atsConnections.id },
    sealed: {
      credentialsSealed: (r) => sealedContext.atsCredentials(r.id!),
      webhookSecretSealed: (r) => sealedContext.atsWebhookSecret(r.id!),
    },
  },
  {
    name: 'slack_connections',
    table: slackConnections,
    key: { companyId: slackConnections.companyId },
    sealed: { tokenSealed: (r) => sealedContext.slackToken(r.companyId!) },
  },
  {
    name: 'teams_connections',
    table: teamsConnections,
    key: { companyId: teamsConnections.companyId },
    sealed: { webhookSealed: (r) => sealedContext.teamsWebhook(r.companyId!) },
  },
  {
    name: 'sso_connections',
    table: ssoConnections,
    key: { companyId: ssoConnections.companyId },
    sealed: { oidcClientSecretSealed: (r) => sealedContext.ssoClientSecret(r.companyId!) },
  },
  {
    name: 'two_factor',
    table: twoFactor,
    key: { userId: twoFactor.userId },
    sealed: { totpSealed: (r) => sealedContext.totp(r.userId!) },
  },
  {
    name: 'self_id_answers',
    table: selfIdAnswers,
    key: { id: selfIdAnswers.id },
    also: { companyId: selfIdAnswers.companyId, jobId: selfIdAnswers.jobId, userId: selfIdAnswers.userId },
    sealed: { answersSealed: (r) => sealedContext.selfIdAnswers(r.companyId!, r.jobId!, r.userId!) },
  },
];

/** Rows re-sealed per step of the queued task. */
export const RESEAL_BATCH = 200;

const columnOf = (entry: SealedTable, name: string): PgColumn => {
  const column = (getTableColumns(entry.table) as Record<string, PgColumn>)[name];
  if (!column) throw new Error(`sealed-columns: ${entry.name} has no column ${name}`);
  return column;
};

const keyColumns = (entry: SealedTable) => Object.values(entry.key);
/** The row's key as a tuple, for keyset order: `(a, b) > (x, y)`. */
const keyTuple = (entry: SealedTable) => sql`(${sql.join(keyColumns(entry), sql`, `)})`;
const keyOf = (entry: SealedTable, row: Row) => Object.keys(entry.key).map((name) => row[name]!);

const notCurrent = (column: PgColumn, secrets: Secrets): SQL =>
  and(isNotNull(column), not(sql`starts_with(${column}, ${`v2.${secrets.currentKeyId}.`})`))!;

const anyNotCurrent = (entry: SealedTable, secrets: Secrets): SQL =>
  or(...Object.keys(entry.sealed).map((name) => notCurrent(columnOf(entry, name), secrets)))!;

const selection = (entry: SealedTable) => ({
  ...entry.key,
  ...entry.also,
  ...Object.fromEntries(Object.keys(entry.sealed).map((name) => [`sealed:${name}`, columnOf(entry, name)])),
});

const rowOf = (values: Record<string, unknown>): Row =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === null ? null : String(v)])) as Row;

export interface SealedState {
  /** Sealed values not under the current key (under an old key, or from before key ids). */
  notCurrent: number;
}

/**
 * The start-up check: every sealed value must open with the ring. A `v2` value names its key; a `v1` value (sealed
 * before key ids) is tried, one per column. Throws a SecretError saying which column, which key id and how many.
 */
export async function checkSealedValues(db: Db, secrets: Secrets): Promise<SealedState> {
  let pending = 0;
  const problems: string[] = [];
  for (const entry of SEALED_TABLES) {
    for (const [name, context] of Object.entries(entry.sealed)) {
      const column = columnOf(entry, name);
      const groups = await db
        .select({
          version: sql<string>`split_part(${column}, '.', 1)`,
          keyId: sql<string>`split_part(${column}, '.', 2)`,
          n: sql<number>`count(*)::int`,
        })
        .from(entry.table)
        .where(notCurrent(column, secrets))
        .groupBy(sql`1`, sql`2`);
      for (const group of groups) {
        pending += group.n;
        if (group.version === 'v2' && !secrets.keyIds.includes(group.keyId))
          problems.push(
            `${group.n} value(s) of ${entry.name}.${name} are sealed under key ${group.keyId}, which neither ` +
              'DATA_ENCRYPTION_KEY nor DATA_ENCRYPTION_KEYS_OLD holds',
          );
      }
      if (groups.some((group) => group.version === 'v1')) {
        const [sample] = await db
          .select(selection(entry))
          .from(entry.table)
          .where(sql`starts_with(${column}, 'v1.')`)
          .limit(1);
        try {
          secrets.open(String(sample![`sealed:${name}`]), context(rowOf(sample!)));
        } catch {
          problems.push(
            `${entry.name}.${name} holds values sealed before key ids that open under none of the configured keys`,
          );
        }
      }
    }
  }
  if (problems.length > 0)
    throw new SecretError(
      `The data-encryption keys do not open the sealed values in this database:\n${problems.map((p) => `  - ${p}`).join('\n')}\n` +
        'Start with the key they were sealed under in DATA_ENCRYPTION_KEY or DATA_ENCRYPTION_KEYS_OLD (ADR 0038).',
    );
  return { notCurrent: pending };
}

/** Where the re-seal has got to, and what it has done so far: the queued task's payload. */
export interface ResealProgress {
  /**
   * The key the values are moved to: an instance sealing under another key (a rolling restart) leaves the step to
   * one that seals under this one.
   */
  keyId: string;
  /** Index in SEALED_TABLES; absent: the first. */
  table?: number;
  /** The key of the last row done in that table. */
  after?: string[];
  resealed?: number;
  failed?: number;
}

export interface ResealStep {
  /** The payload of the next step, or null when every table is done. */
  next: ResealProgress | null;
  resealed: number;
  failed: number;
}

/** Re-seals one batch of one table under the current key, each row in its own transaction. */
export async function resealStep(
  db: Db,
  secrets: Secrets,
  progress: ResealProgress,
  batch = RESEAL_BATCH,
): Promise<ResealStep & { table: string }> {
  if (progress.keyId !== secrets.currentKeyId)
    throw new SecretError(
      `This re-seal moves values to key ${progress.keyId}; this instance seals under ${secrets.currentKeyId}.`,
    );
  const index = progress.table ?? 0;
  const entry = SEALED_TABLES[index]!;
  const candidates = (
    await db
      .select(selection(entry))
      .from(entry.table)
      .where(
        and(
          anyNotCurrent(entry, secrets),
          progress.after === undefined
            ? undefined
            : sql`${keyTuple(entry)} > (${sql.join(
                progress.after.map((value) => sql`${value}`),
                sql`, `,
              )})`,
        ),
      )
      .orderBy(...keyColumns(entry).map((column) => asc(column)))
      .limit(batch)
  ).map(rowOf);
  let resealed = 0;
  let failed = 0;
  for (const candidate of candidates) {
    const done = await db.transaction(async (tx) => {
      const findRow = and(...Object.entries(entry.key).map(([name, column]) => eq(column, candidate[name]!)));
      const [values] = await tx.select(selection(entry)).from(entry.table).where(findRow).for('update');
      if (!values) return 'gone';
      const row = rowOf(values);
      const update: Record<string, string> = {};
      try {
        for (const [name, context] of Object.entries(entry.sealed)) {
          const sealed = row[`sealed:${name}`];
          if (sealed && !secrets.isCurrent(sealed))
            update[name] = secrets.seal(secrets.open(sealed, context(row)), context(row));
        }
      } catch (error) {
        if (error instanceof SecretError) return 'failed';
        throw error;
      }
      if (Object.keys(update).length === 0) return 'gone';
      await tx.update(entry.table).set(update).where(findRow);
      return 'resealed';
    });
    if (done === 'resealed') resealed += 1;
    if (done === 'failed') failed += 1;
  }
  const last = candidates.at(-1);
  const next: ResealProgress | null =
    candidates.length === batch && last
      ? { keyId: progress.keyId, table: index, after: keyOf(entry, last) }
      : index + 1 < SEALED_TABLES.length
        ? { keyId: progress.keyId, table: index + 1 }
        : null;
  const totals = { resealed: (progress.resealed ?? 0) + resealed, failed: (progress.failed ?? 0) + failed };
  return { table: entry.name, next: next && { ...next, ...totals }, resealed: totals.resealed, failed: totals.failed };
}
