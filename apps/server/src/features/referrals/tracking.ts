import { asc, eq } from 'drizzle-orm';
import { REFERRAL_MESSAGES, type JobComment, type TrackingEntry, type TrackingStatus } from '@referwell/shared';
import type { Db } from '../../db/client';
import { jobCandidateTracking, jobComments, users } from '../../db/schema';
import type { AuthContext } from '../auth/sessions';
import { notFound } from '../../lib/errors';
import { isTalentVisibleTo } from '../talent/discoverable';
import { requireJobTeam } from './access';

/** Talent Tracking: the job team's progress with each candidate. */
export async function listTracking(db: Db, auth: AuthContext | null, jobId: string): Promise<TrackingEntry[]> {
  await requireJobTeam(db, auth, jobId);
  const rows = await db
    .select()
    .from(jobCandidateTracking)
    .where(eq(jobCandidateTracking.jobId, jobId))
    .orderBy(asc(jobCandidateTracking.updatedAt));
  return rows.map((row) => ({ talentId: row.talentId, status: row.status, updatedAt: row.updatedAt.toISOString() }));
}

/** Contact adds a candidate as 'Contacted'; later steps and 'Decline' move them along (one row per job and candidate). */
export async function setTracking(
  db: Db,
  auth: AuthContext | null,
  jobId: string,
  talentId: string,
  status: TrackingStatus,
): Promise<TrackingEntry> {
  const { auth: me } = await requireJobTeam(db, auth, jobId);
  // Only a job seeker the team may see is a candidate: not a colleague, another company's admin or a hidden profile.
  if (!(await isTalentVisibleTo(db, me, talentId))) throw notFound(REFERRAL_MESSAGES.notACandidate);
  const values = { status, updatedBy: me.user.id, updatedAt: new Date() };
  const [row] = await db
    .insert(jobCandidateTracking)
    .values({ jobId, talentId, ...values })
    .onConflictDoUpdate({ target: [jobCandidateTracking.jobId, jobCandidateTracking.talentId], set: values })
    .returning();
  return { talentId: row!.talentId, status: row!.status, updatedAt: row!.updatedAt.toISOString() };
}

export async function listJobComments(db: Db, auth: AuthContext | null, jobId: string): Promise<JobComment[]> {
  await requireJobTeam(db, auth, jobId);
  const rows = await db
    .select({ comment: jobComments, authorName: users.name })
    .from(jobComments)
    .leftJoin(users, eq(users.id, jobComments.authorId))
    .where(eq(jobComments.jobId, jobId))
    .orderBy(asc(jobComments.createdAt), asc(jobComments.id));
  return rows.map(({ comment, authorName }) => ({
    id: comment.id,
    body: comment.body,
    author: comment.authorId && authorName ? { id: comment.authorId, name: authorName } : null,
    createdAt: comment.createdAt.toISOString(),
  }));
}

export async function addJobComment(
  db: Db,
  auth: AuthContext | null,
  jobId: string,
  body: string,
): Promise<JobComment> {
  const { auth: me } = await requireJobTeam(db, auth, jobId);
  const [row] = await db.insert(jobComments).values({ jobId, authorId: me.user.id, body }).returning();
  return {
    id: row!.id,
    body: row!.body,
    author: { id: me.user.id, name: me.user.name },
    createdAt: row!.createdAt.toISOString(),
  };
}
