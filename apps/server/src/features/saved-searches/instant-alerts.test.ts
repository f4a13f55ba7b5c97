import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobSearchFiltersSchema } from '@referwell/shared';
import { savedSearches } from '../../db/schema';
import { mailsContaining } from '../../test/mail';
import { drainQueue, recordQueuedJobs } from '../../test/queue';
import { createTestApp, postJobAs, type SignedUp, signUp, type TestApp } from '../../test/harness';
import { matchingJobs } from '../jobs/search';
import { instantSearchesMatching } from './alerts';
import { storedFilters } from './service';

/** Instant alerts: a new job is matched against every instant saved search a batch at a time, not one by one. */
let t: TestApp;
let admin: SignedUp;
let seeker: SignedUp;
let jobId: string;

/** Saved filters and whether they match the posted job (a remote full-time HL7/FHIR role paying up to $160k). */
const cases: [Record<string, unknown>, boolean][] = [
  [{}, true],
  [{ q: 'fhir' }, true],
  [{ q: 'HL7 integration' }, true],
  [{ q: 'integr' }, true],
  [{ q: 'billing' }, false],
  [{ q: 'fhir billing' }, false],
  [{ workplace: 'remote' }, true],
  [{ workplace: 'onsite' }, false],
  [{ type: 'full-time,contract' }, true],
  [{ type: 'part-time' }, false],
  [{ minSalary: 150_000 }, true],
  [{ minSalary: 200_000 }, false],
  [{ company: 'instant-match-health' }, true],
  [{ company: 'somewhere-else' }, false],
  [{ hasReferrer: true }, false],
  [{ postedWithin: '24h', q: 'engineer' }, true],
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { role: 'companyHR', companyType: 'create', companyName: 'Instant Match Health' });
  seeker = await signUp(t, { name: 'Ivy Instant' });
  ({ id: jobId } = await postJobAs(t, admin, {
    title: 'Healthcare Integration Engineer (HL7/FHIR)',
    location: 'Remote (US)',
    employmentType: 'full-time',
    salary: '$140k - $160k',
  }));
});
afterAll(() => t.close());

describe('instant alerts for a new job', () => {
  it('finds exactly the instant saved searches the job matches, across batches', async () => {
    const rows = Array.from({ length: 10 }, (_, round) =>
      cases.map(([filters], i) => ({
        userId: seeker.body.user.id,
        name: `Search ${round}-${i}`,
        filters: jobSearchFiltersSchema.parse(filters),
        alert: 'instant' as const,
      })),
    ).flat();
    const saved = await t.database.db.insert(savedSearches).values(rows).returning();
    // A daily search that matches is not an instant one.
    await t.database.db.insert(savedSearches).values({
      userId: seeker.body.user.id,
      name: 'Daily',
      filters: jobSearchFiltersSchema.parse({}),
      alert: 'daily',
    });
    const expected = saved.filter((_, i) => cases[i % cases.length]![1]).map((s) => s.id);

    const matched = await instantSearchesMatching(t.database.db, jobId, 40);
    expect(matched.sort()).toEqual(expected.sort());
    expect(matched).toHaveLength(10 * cases.filter(([, hit]) => hit).length);

    // The same answer as asking the job search about each saved search on its own.
    const oneByOne: string[] = [];
    for (const search of saved) {
      const found = await matchingJobs(t.database.db, storedFilters(search), [sql`j.id = ${jobId}::uuid`], 1);
      if (found.length) oneByOne.push(search.id);
    }
    expect(oneByOne.sort()).toEqual(expected.sort());
  });
});

describe('the alerts a new job queues', () => {
  it('is one queue job for every instant search it matches, and each search still gets its own mail', async () => {
    const alertees = await Promise.all([1, 2, 3].map((n) => signUp(t, { name: `Batch Alertee ${n}` })));
    await t.database.db.insert(savedSearches).values(
      alertees.flatMap((who) =>
        Array.from({ length: 10 }, (_, i) => ({
          userId: who.body.user.id,
          name: `Batched ${i}`,
          filters: jobSearchFiltersSchema.parse({ q: 'pharmacovigilance' }),
          alert: 'instant' as const,
        })),
      ),
    );
    const queuedJobs = await recordQueuedJobs(t.database);
    const job = await postJobAs(t, admin, { title: 'Pharmacovigilance Data Engineer', location: 'Remote (US)' });
    // Runs the match; the alerts job waits out its short delay, or has run already (with its 30 mails) when the match
    // took longer, which on a busy machine took more than drainQueue's usual 20 s.
    await drainQueue(t.database, 45_000);
    expect(await queuedJobs('search-alerts')).toBe(1);
    expect(await queuedJobs('search-alert')).toBe(0);

    for (const who of alertees) {
      const mails = await mailsContaining(t, who.body.user.email, 'for "Batched', 10);
      expect(mails).toHaveLength(10);
      expect(mails.every((mail) => mail.includes(`/job/${job.id}`))).toBe(true);
    }
  }, 60_000);
});
