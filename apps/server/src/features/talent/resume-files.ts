import path from 'node:path';
import { eq } from 'drizzle-orm';
import { TALENT_MESSAGES, type ParsedResume, type ResumeFileInfo, type ResumeKind } from '@referwell/shared';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/repository';
import { resumeFiles, talentProfiles } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import { newFileKey, type FileStorage, type StoredFile } from '../../lib/storage';
import type { AuthContext } from '../../platform/sessions/sessions';
import { canSeeContact, ensureTalentProfile } from './service';
import { forgetTalentSearches } from './search-cache';

const EXTENSIONS: Record<ResumeKind, string> = { pdf: 'pdf', docx: 'docx', doc: 'doc' };
export const RESUME_CONTENT_TYPES: Record<ResumeKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
};

/** A name safe to show and to put in Content-Disposition: no path, no control characters, bounded. */
function cleanOriginalName(name: string, kind: ResumeKind): string {
  const base = path
    .basename(name.replaceAll('\\', '/'))
    .replace(/[^\p{L}\p{N} ._()-]/gu, '')
    .trim();
  return (base || `resume.${EXTENSIONS[kind]}`).slice(0, 120);
}

/**
 * Keeps an uploaded (already parsed) resume: the file in the storage under a generated key, the
 * parsed fields as json_resume_pdf on the profile. The previous resume's file is deleted once the
 * new one is recorded; if recording fails, the new file is deleted instead.
 */
export async function storeResume(
  db: Db,
  storage: FileStorage,
  auth: AuthContext,
  file: { bytes: Uint8Array; originalName: string; kind: ResumeKind; fields: ParsedResume },
): Promise<ResumeFileInfo> {
  await ensureTalentProfile(db, auth.user);
  const key = newFileKey('resumes', EXTENSIONS[file.kind]);
  await storage.put(key, file.bytes, { contentType: RESUME_CONTENT_TYPES[file.kind] });
  let recorded;
  try {
    recorded = await recordResume(db, auth.user.id, key, file);
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
  forgetTalentSearches(db); // the profile's place in recent-first order moved
  if (recorded.previousKey) await storage.delete(recorded.previousKey);
  return recorded.info;
}

async function recordResume(
  db: Db,
  ownerId: string,
  key: string,
  file: { bytes: Uint8Array; originalName: string; kind: ResumeKind; fields: ParsedResume },
) {
  return inTransaction(db, async (tx) => {
    const [old] = await tx
      .select({ id: resumeFiles.id, key: resumeFiles.storedName })
      .from(talentProfiles)
      .innerJoin(resumeFiles, eq(resumeFiles.id, talentProfiles.resumeFileId))
      .where(eq(talentProfiles.id, ownerId));
    const [created] = await tx
      .insert(resumeFiles)
      .values({
        ownerId,
        storedName: key,
        originalName: cleanOriginalName(file.originalName, file.kind),
        kind: file.kind,
        sizeBytes: file.bytes.byteLength,
      })
      .returning();
    await tx
      .update(talentProfiles)
      .set({ resumeFileId: created!.id, jsonResumePdf: { ...file.fields, kind: file.kind }, updatedAt: new Date() })
      .where(eq(talentProfiles.id, ownerId));
    if (old) await tx.delete(resumeFiles).where(eq(resumeFiles.id, old.id));
    const info: ResumeFileInfo = {
      originalName: created!.originalName,
      kind: created!.kind,
      sizeBytes: created!.sizeBytes,
      uploadedAt: created!.createdAt.toISOString(),
    };
    return { info, previousKey: old?.key ?? null };
  });
}

/** The resume file of a talent, for its owner and for company users who may see the talent's contact details. */
export async function resumeForDownload(
  db: Db,
  storage: FileStorage,
  auth: AuthContext,
  talentId: string,
): Promise<StoredFile & { originalName: string }> {
  const [row] = await db
    .select({ key: resumeFiles.storedName, originalName: resumeFiles.originalName })
    .from(talentProfiles)
    .innerJoin(resumeFiles, eq(resumeFiles.id, talentProfiles.resumeFileId))
    .where(eq(talentProfiles.id, talentId));
  const allowed = await canSeeContact(db, auth, talentId);
  if (!allowed) {
    // Job seekers learn nothing about other people's files; company users are told they may not.
    if (auth.user.type === 'jobseeker') throw notFound(TALENT_MESSAGES.resumeNotFound);
    throw forbidden(TALENT_MESSAGES.resumeForbidden);
  }
  if (!row) throw notFound(TALENT_MESSAGES.resumeNotFound);
  const stored = await storage.get(row.key);
  if (!stored) throw notFound(TALENT_MESSAGES.resumeNotFound);
  return { ...stored, originalName: row.originalName };
}
