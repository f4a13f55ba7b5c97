/**
 * The résumé a referrer uploads while writing a referral: stored and parsed at once (what it says fills the form),
 * kept as an upload of theirs until the referral takes it as the candidate's file, deleted after a day unused.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import { REFERRAL_MESSAGES, type ReferralResumeUpload } from '@referwell/shared';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/repository';
import { referralUploads } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import type { CompanyAuth } from '../../platform/access/guards';
import { newResumeKey, type ReferredResume } from '../talent/port';

/** A referrer uploads a few versions while writing; each costs a parse in a worker thread. */
export const REFERRAL_UPLOAD_LIMIT = { max: 30, windowSeconds: 60 * 60 } as const;
/** An upload no referral took is deleted after this long. */
export const UPLOAD_RETENTION_HOURS = 24;

export async function keepReferralUpload(
  db: Db,
  storage: FileStorage,
  me: CompanyAuth,
  file: { bytes: Uint8Array; originalName: string; kind: ReferredResume['kind']; fields: ReferredResume['fields'] },
): Promise<ReferralResumeUpload> {
  const { key, contentType } = newResumeKey(file.kind);
  await storage.put(key, file.bytes, { contentType });
  let row: typeof referralUploads.$inferSelect;
  try {
    [row] = (await db
      .insert(referralUploads)
      .values({
        uploadedBy: me.user.id,
        storedName: key,
        originalName: cleanName(file.originalName, file.kind),
        kind: file.kind,
        sizeBytes: file.bytes.byteLength,
        fields: file.fields,
      })
      .returning()) as [typeof referralUploads.$inferSelect];
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
  const f = file.fields;
  return {
    uploadId: row.id,
    originalName: row.originalName,
    fields: { name: f.name, email: f.email, phone: f.phone, linkedin: f.linkedin, title: f.titles[0] ?? null },
  };
}

/** A name safe to show: no path, no control characters, bounded. */
function cleanName(name: string, kind: string): string {
  const base = name
    .replaceAll('\\', '/')
    .split('/')
    .pop()!
    .replace(/[^\p{L}\p{N} ._()-]/gu, '')
    .trim();
  return (base || `resume.${kind}`).slice(0, 120);
}

/** Takes the referrer's upload for the referral being made (in its transaction): gone from the uploads, or 404. */
export async function takeReferralUpload(tx: Executor, me: CompanyAuth, uploadId: string): Promise<ReferredResume> {
  const [row] = await tx
    .delete(referralUploads)
    .where(and(eq(referralUploads.id, uploadId), eq(referralUploads.uploadedBy, me.user.id)))
    .returning();
  if (!row) throw notFound(REFERRAL_MESSAGES.uploadNotFound);
  return {
    storedName: row.storedName,
    originalName: row.originalName,
    kind: row.kind,
    sizeBytes: row.sizeBytes,
    fields: row.fields,
  };
}

/** Deletes uploads no referral took within a day, files first (the hourly prune). */
export async function pruneReferralUploads(db: Db, storage: FileStorage): Promise<number> {
  const stale = await db
    .select({ id: referralUploads.id, key: referralUploads.storedName })
    .from(referralUploads)
    .where(lt(referralUploads.createdAt, sql`now() - make_interval(hours => ${UPLOAD_RETENTION_HOURS})`))
    .limit(500);
  for (const upload of stale) {
    await storage.delete(upload.key);
    await db.delete(referralUploads).where(eq(referralUploads.id, upload.id));
  }
  return stale.length;
}
