import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobPostings, jobSources } from '../db/schema';

/** The jobs a job source has listed, by title: what a crawl test checks after each read. */
export const sourceJobs = async (db: Db, sourceId: string) =>
  (
    await db
      .select({ title: jobPostings.title, status: jobPostings.status, url: jobPostings.sourceUrl })
      .from(jobPostings)
      .where(eq(jobPostings.sourceId, sourceId))
  ).sort((a, b) => a.title.localeCompare(b.title));

/** A job source's row as stored (failures, validators, next read). */
export const sourceRow = async (db: Db, id: string) =>
  (await db.select().from(jobSources).where(eq(jobSources.id, id)))[0]!;
