// Exclusion screening (issue 36): a candidate's name (and NPI or date of birth when known) against the active LEIE
// list. An NPI, or a name with the same date of birth, is a "match"; the same name without a date of birth to tell,
// or a similar name, is a "possible match — verify". Either blocks Hired until a company admin records a decision
// (audited). Results are the company admins' only: no referrer, member or candidate route reads them.
import { and, desc, eq, not, sql } from 'drizzle-orm';
import {
  SCREENING_MESSAGES,
  type Paginated,
  type Screening,
  type ScreeningListQuery,
  type ScreeningDecisionInput,
  type ScreeningMatch,
  type ScreeningResult,
  type ScreeningTrigger,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { countAll, paginate, type Tx } from '../../db/repository';
import { candidatePipelines, exclusionScreenings, jobPostings, leieEntries, users } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { recordAudit } from '../../platform/audit/service';
import type { CompanyAuth } from '../../platform/access/guards';
import { activeLeie } from './leie-load';
import { firstAndLast, nameKey } from './names';

/** Trigram similarity of whole names at or above which a different spelling is a possible match. */
export const SIMILAR_NAME = 0.6;
/** Rows one screening reads at most (a common surname's rows, and similar names). */
const CANDIDATE_ROWS = 500;

export interface Person {
  name: string;
  /** YYYYMMDD when known. */
  dob?: string | null;
  npi?: string | null;
}

/** The LEIE rows a person could be, each with its verdict; [] when none. */
export async function findMatches(tx: Tx, listId: string, person: Person): Promise<ScreeningMatch[]> {
  const parts = firstAndLast(person.name);
  const npi = person.npi?.trim() || null;
  if (!parts && !npi) return [];
  const key = parts ? nameKey(parts.first, parts.last) : '';
  // `%` is pg_trgm's similarity test at this transaction's threshold: the GIN index answers it.
  await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', ${String(SIMILAR_NAME)}, true)`);
  const rows = await tx
    .select({
      line: leieEntries.line,
      firstName: leieEntries.firstName,
      midName: leieEntries.midName,
      lastName: leieEntries.lastName,
      dob: leieEntries.dob,
      npi: leieEntries.npi,
      state: leieEntries.state,
      exclType: leieEntries.exclType,
      exclDate: leieEntries.exclDate,
      nameKey: leieEntries.nameKey,
      similarity: sql<number>`similarity(${leieEntries.nameKey}, ${key})`,
    })
    .from(leieEntries)
    .where(
      and(
        eq(leieEntries.listId, listId),
        sql`(${parts ? sql`(${leieEntries.lastKey} = ${parts.last} or ${leieEntries.nameKey} % ${key})` : sql`false`}
          or (${npi !== null} and ${leieEntries.npi} = ${npi ?? ''}))`,
      ),
    )
    .limit(CANDIDATE_ROWS);
  const found: ScreeningMatch[] = [];
  for (const row of rows) {
    const verdict = verdictOf(row, { key, npi, dob: person.dob?.trim() || null });
    if (!verdict) continue;
    found.push({
      line: row.line,
      name: [row.firstName, row.midName, row.lastName].filter(Boolean).join(' '),
      dob: row.dob,
      npi: row.npi,
      state: row.state,
      exclType: row.exclType,
      exclDate: row.exclDate,
      ...verdict,
    });
  }
  return found.sort((a, b) => (a.result === b.result ? a.line - b.line : a.result === 'match' ? -1 : 1));
}

/** How one row relates to the person: the rule, readable (see the file's comment). */
function verdictOf(
  row: { nameKey: string; npi: string; dob: string; similarity: number },
  person: { key: string; npi: string | null; dob: string | null },
): Pick<ScreeningMatch, 'result' | 'reason'> | null {
  if (person.npi && row.npi === person.npi) return { result: 'match', reason: 'NPI' };
  const sameName = person.key !== '' && row.nameKey === person.key;
  // A similar spelling of the whole name, starting the same ('Katherine'/'Katheryn'; not 'Avery'/'Zebulon' Smith).
  const similar = person.key !== '' && row.similarity >= SIMILAR_NAME && row.nameKey[0] === person.key[0];
  if (!sameName && !similar) return null;
  // A date of birth on both sides decides: the same is a match, a different one is someone else.
  if (person.dob && row.dob)
    return row.dob === person.dob ? { result: 'match', reason: 'name and date of birth' } : null;
  return { result: 'possible', reason: sameName ? 'name' : 'similar name' };
}

/** A pipeline as screening reads it: whose, for which job, and the date of birth (YYYY-MM-DD) and NPI if known. */
type ScreenedPipeline = { id: string; talentId: string; jobId: string; dob: string | null; npi: string | null };

const resultOf = (matches: ScreeningMatch[]): ScreeningResult =>
  matches.some((m) => m.result === 'match') ? 'match' : matches.length > 0 ? 'possible' : 'clear';

/** Screens a pipeline's candidate against the active list and records it; null when no list is loaded yet. */
export async function screenPipeline(
  tx: Tx,
  pipeline: ScreenedPipeline,
  trigger: ScreeningTrigger,
): Promise<typeof exclusionScreenings.$inferSelect | null> {
  const list = await activeLeie(tx);
  if (!list) return null;
  const [who] = await tx
    .select({ name: users.name, companyId: jobPostings.companyId })
    .from(users)
    .innerJoin(jobPostings, eq(jobPostings.id, pipeline.jobId))
    .where(eq(users.id, pipeline.talentId));
  if (!who) return null;
  const matches = await findMatches(tx, list.id, {
    name: who.name,
    dob: pipeline.dob?.replaceAll('-', '') ?? null,
    npi: pipeline.npi ?? null,
  });
  const [row] = await tx
    .insert(exclusionScreenings)
    .values({
      companyId: who.companyId,
      pipelineId: pipeline.id,
      talentId: pipeline.talentId,
      listId: list.id,
      trigger,
      result: resultOf(matches),
      matches,
    })
    .returning();
  return row!;
}

/**
 * The stage-move rule (referrals/pipeline.ts, in its transaction): reaching Offer screens the candidate; reaching
 * Hired screens them unless already screened, and is refused (409) while the latest screening is a possible match or
 * match without a decision, or was decided 'excluded'.
 */
export async function screenAtStage(tx: Tx, pipeline: ScreenedPipeline & { stage: string }, to: string): Promise<void> {
  if (to === pipeline.stage) return;
  if (to === 'offer') {
    await screenPipeline(tx, pipeline, 'offer');
    return;
  }
  if (to !== 'hired') return;
  const [latest] = await tx
    .select()
    .from(exclusionScreenings)
    .where(eq(exclusionScreenings.pipelineId, pipeline.id))
    .orderBy(desc(exclusionScreenings.createdAt))
    .limit(1);
  if (!latest) {
    // Never screened (Offer was skipped): screened now; a hit cannot be kept, as the refused move rolls back with it.
    const now = await screenPipeline(tx, pipeline, 'hire');
    if (now && now.result !== 'clear') throw conflict(SCREENING_MESSAGES.screenAtOfferFirst);
    return;
  }
  const screening = latest;
  if (screening.result === 'clear' || screening.decision === 'cleared') return;
  throw conflict(screening.decision === 'excluded' ? SCREENING_MESSAGES.hireExcluded : SCREENING_MESSAGES.hireBlocked);
}

/** Monthly: every hire screened again against the list in force (the queue's `rescreen-hires`). */
export async function rescreenHires(db: Db): Promise<number> {
  const hires = await db
    .select({
      id: candidatePipelines.id,
      talentId: candidatePipelines.talentId,
      jobId: candidatePipelines.jobId,
      dob: candidatePipelines.dob,
      npi: candidatePipelines.npi,
    })
    .from(candidatePipelines)
    .where(eq(candidatePipelines.stage, 'hired'));
  let screened = 0;
  for (const hire of hires)
    await db.transaction(async (tx) => {
      if (await screenPipeline(tx, hire, 'monthly')) screened++;
    });
  return screened;
}

const SCREENING_COLUMNS = {
  screening: exclusionScreenings,
  candidateName: users.name,
  dob: candidatePipelines.dob,
  npi: candidatePipelines.npi,
  jobTitle: jobPostings.title,
  jobId: jobPostings.id,
};

function toScreening(row: {
  screening: typeof exclusionScreenings.$inferSelect;
  candidateName: string;
  dob: string | null;
  npi: string | null;
  jobTitle: string;
  jobId: string;
}): Screening {
  const s = row.screening;
  return {
    id: s.id,
    pipelineId: s.pipelineId,
    candidate: { id: s.talentId, name: row.candidateName, dob: row.dob, npi: row.npi },
    job: { id: row.jobId, title: row.jobTitle },
    trigger: s.trigger as ScreeningTrigger,
    result: s.result as ScreeningResult,
    matches: s.matches as ScreeningMatch[],
    decision: (s.decision as Screening['decision']) ?? null,
    decisionNote: s.decisionNote,
    decidedAt: s.decidedAt?.toISOString() ?? null,
    createdAt: s.createdAt.toISOString(),
  };
}

const screeningsOf = (db: Pick<Db, 'select'>) =>
  db
    .select(SCREENING_COLUMNS)
    .from(exclusionScreenings)
    .innerJoin(users, eq(users.id, exclusionScreenings.talentId))
    .innerJoin(candidatePipelines, eq(candidatePipelines.id, exclusionScreenings.pipelineId))
    .innerJoin(jobPostings, eq(jobPostings.id, candidatePipelines.jobId));

/** Awaiting: a possible match or match no admin has decided on yet (it blocks Hired). History: the rest. */
const AWAITING = sql`(${exclusionScreenings.result} <> 'clear' and ${exclusionScreenings.decision} is null)`;

/** A company's screenings, newest first, one page of a view (its admins: the route checks). */
export async function listScreenings(
  db: Db,
  companyId: string,
  query: ScreeningListQuery,
): Promise<Paginated<Screening>> {
  const where = and(
    eq(exclusionScreenings.companyId, companyId),
    query.view === 'awaiting' ? AWAITING : query.view === 'history' ? not(AWAITING) : undefined,
  );
  const page = await paginate(
    screeningsOf(db).where(where).orderBy(desc(exclusionScreenings.createdAt), desc(exclusionScreenings.id)).$dynamic(),
    db
      .select({ n: countAll() })
      .from(exclusionScreenings)
      .where(where)
      .then(([row]) => row?.n ?? 0),
    query,
  );
  return { ...page, items: page.items.map(toScreening) };
}

/** A company admin records the decision on a possible match or match: cleared (not the person) or excluded. */
export async function decideScreening(
  db: Db,
  admin: CompanyAuth,
  companyId: string,
  id: string,
  input: ScreeningDecisionInput,
): Promise<Screening> {
  return db.transaction(async (tx) => {
    const [row] = await screeningsOf(tx)
      .where(and(eq(exclusionScreenings.id, id), eq(exclusionScreenings.companyId, companyId)))
      .for('update', { of: exclusionScreenings });
    if (!row) throw notFound(SCREENING_MESSAGES.notFound);
    if (row.screening.result === 'clear') throw conflict(SCREENING_MESSAGES.nothingToDecide);
    if (row.screening.decision) throw conflict(SCREENING_MESSAGES.alreadyDecided);
    const decidedAt = new Date();
    await tx
      .update(exclusionScreenings)
      .set({ decision: input.decision, decisionNote: input.note, decidedBy: admin.user.id, decidedAt })
      .where(eq(exclusionScreenings.id, id));
    await recordAudit(tx, {
      companyId,
      actorId: admin.user.id,
      action: 'screening.decided',
      subject: { type: 'pipeline', id: row.screening.pipelineId, userId: row.screening.talentId },
      before: { result: row.screening.result },
      after: { result: row.screening.result, decision: input.decision },
    });
    return toScreening({
      ...row,
      screening: { ...row.screening, decision: input.decision, decisionNote: input.note, decidedAt },
    });
  });
}
