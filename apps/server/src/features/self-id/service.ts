// Voluntary self-identification (issue 36): a company turns it on and picks the forms; an applicant answers, or not,
// in a step of its own after applying (or confirming a referral); the answers are sealed in a table of their own and
// only ever leave it as the aggregate report a `compliance` member reads (counts per job and period, small cells
// suppressed) and in the applicant's own data export. Nothing here is joined into a pipeline, referral, analytics or
// export query: the sealed value cannot be read by SQL.
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import {
  JOB_MESSAGES,
  SELF_ID_DECLINE,
  SELF_ID_FORM_TEXTS,
  SELF_ID_FORMS,
  SELF_ID_MESSAGES,
  SELF_ID_MIN_CELL,
  SELF_ID_QUESTION_FORM,
  SELF_ID_QUESTIONS,
  selfIdAnswerProblems,
  selfIdChoiceLabel,
  type SelfIdAnswers,
  type SelfIdForm,
  type SelfIdInvitation,
  type SelfIdQuestion,
  type SelfIdReport,
  type SelfIdReportQuery,
  type SelfIdSettings,
} from '@referwell/shared';
import type { Db } from '../../db/client';
import { inTransaction, selectRows, type Executor } from '../../db/repository';
import { companies, jobPostings, selfIdAnswers, selfIdSettings } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { Secrets } from '../../lib/secrets';
import { sealedContext } from '../../lib/sealed-columns';
import { seesJob } from '../../platform/access/guards';
import { recordAudit } from '../../platform/audit/service';
import type { AuthContext } from '../../platform/sessions/sessions';

const knownForms = (forms: readonly string[]): SelfIdForm[] => SELF_ID_FORMS.filter((form) => forms.includes(form));

export async function selfIdSettingsOf(db: Executor, companyId: string): Promise<SelfIdSettings> {
  const [row] = await db
    .select({ enabled: selfIdSettings.enabled, forms: selfIdSettings.forms })
    .from(selfIdSettings)
    .where(eq(selfIdSettings.companyId, companyId));
  return row ? { enabled: row.enabled, forms: knownForms(row.forms) } : { enabled: false, forms: [] };
}

/** An admin turns the module on or off and picks its forms; audited. */
export async function saveSelfIdSettings(
  db: Db,
  companyId: string,
  actorId: string,
  input: SelfIdSettings,
): Promise<SelfIdSettings> {
  const forms = knownForms(input.forms);
  return inTransaction(db, async (tx) => {
    const before = await selfIdSettingsOf(tx, companyId);
    const now = new Date();
    await tx
      .insert(selfIdSettings)
      .values({ companyId, enabled: input.enabled, forms, updatedBy: actorId, updatedAt: now })
      .onConflictDoUpdate({
        target: selfIdSettings.companyId,
        set: { enabled: input.enabled, forms, updatedBy: actorId, updatedAt: now },
      });
    const after = { enabled: input.enabled, forms };
    if (JSON.stringify(before) !== JSON.stringify(after))
      await recordAudit(tx, {
        companyId,
        actorId,
        action: 'self_id.settings_changed',
        subject: { type: 'company', id: companyId },
        before,
        after,
      });
    return after;
  });
}

/**
 * The job the applicant names, with its company's settings. A job they may not see answers as one that does not
 * exist; the step is offered only to someone who applied to it or confirmed a referral for it.
 */
async function applicantsJob(db: Executor, me: AuthContext, jobId: string) {
  const [job] = await db
    .select({ companyId: jobPostings.companyId, status: jobPostings.status, companyName: companies.name })
    .from(jobPostings)
    .innerJoin(companies, eq(companies.id, jobPostings.companyId))
    .where(eq(jobPostings.id, jobId));
  if (!job || !seesJob(me, job)) throw notFound(JOB_MESSAGES.notFound);
  const [candidate] = await selectRows<{ applicant: boolean }>(
    db,
    sql`select exists (select 1 from candidate_pipelines
                        where job_id = ${jobId} and talent_id = ${me.user.id} and applied_at is not null)
            or exists (select 1 from referrals
                        where job_id = ${jobId} and talent_id = ${me.user.id} and consent = 'confirmed') as applicant`,
  );
  return { ...job, applicant: candidate?.applicant === true };
}

export async function selfIdInvitation(db: Db, me: AuthContext, jobId: string): Promise<SelfIdInvitation> {
  const job = await applicantsJob(db, me, jobId);
  const settings = await selfIdSettingsOf(db, job.companyId);
  const offered = settings.enabled && settings.forms.length > 0 && job.applicant;
  const [answered] = await db
    .select({ id: selfIdAnswers.id })
    .from(selfIdAnswers)
    .where(and(eq(selfIdAnswers.jobId, jobId), eq(selfIdAnswers.userId, me.user.id)));
  return { offered, companyName: job.companyName, forms: offered ? settings.forms : [], answered: !!answered };
}

/**
 * Keeps the applicant's answers for the job (again: the latest answers replace the earlier ones). Every answer must
 * be one of its form's choices (422 otherwise, nothing kept); a question left out is kept as "I do not wish to answer".
 */
export async function submitSelfId(
  db: Db,
  secrets: Secrets,
  me: AuthContext,
  jobId: string,
  answers: Record<string, string>,
): Promise<void> {
  const job = await applicantsJob(db, me, jobId);
  const settings = await selfIdSettingsOf(db, job.companyId);
  if (!settings.enabled || settings.forms.length === 0) throw conflict(SELF_ID_MESSAGES.notOffered);
  if (!job.applicant) throw conflict(SELF_ID_MESSAGES.notAnApplicant);
  const problems = selfIdAnswerProblems(answers, settings.forms);
  if (problems) throw new AppError(422, 'SELF_ID_INVALID_ANSWER', SELF_ID_MESSAGES.invalidAnswer, problems);
  const kept: SelfIdAnswers = {};
  for (const question of SELF_ID_QUESTIONS)
    if (settings.forms.includes(SELF_ID_QUESTION_FORM[question])) kept[question] = answers[question] ?? SELF_ID_DECLINE;
  const sealed = secrets.seal(JSON.stringify(kept), sealedContext.selfIdAnswers(job.companyId, jobId, me.user.id));
  const versions = settings.forms.map((form) => SELF_ID_FORM_TEXTS[form].version);
  const now = new Date();
  await db
    .insert(selfIdAnswers)
    .values({ companyId: job.companyId, jobId, userId: me.user.id, answersSealed: sealed, versions, submittedAt: now })
    .onConflictDoUpdate({
      target: [selfIdAnswers.jobId, selfIdAnswers.userId],
      set: { answersSealed: sealed, versions, submittedAt: now },
    });
}

const periodOf = (at: Date, period: SelfIdReportQuery['period']): string => {
  const year = at.getUTCFullYear();
  if (period === 'year') return String(year);
  if (period === 'quarter') return `${year}-Q${Math.floor(at.getUTCMonth() / 3) + 1}`;
  return `${year}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
};

/**
 * Hides counts that could single someone out: every count from 1 to SELF_ID_MIN_CELL − 1, and, where exactly one
 * count of a question is hidden, the next smallest too (otherwise the respondents' total minus the others would
 * reveal it).
 */
export function suppressSmallCells(counts: number[]): (number | null)[] {
  const small = (n: number) => n > 0 && n < SELF_ID_MIN_CELL;
  const shown: (number | null)[] = counts.map((n) => (small(n) ? null : n));
  if (shown.filter((n) => n === null).length === 1) {
    const next = counts
      .map((n, i) => ({ n, i }))
      .filter(({ n, i }) => shown[i] !== null && n > 0)
      .sort((a, b) => a.n - b.n)[0];
    if (next) shown[next.i] = null;
  }
  return shown;
}

/** The company's aggregate report: counts of each answer per job and period; small counts suppressed. */
export async function selfIdReport(
  db: Db,
  secrets: Secrets,
  companyId: string,
  query: SelfIdReportQuery,
): Promise<SelfIdReport> {
  const rows = await db
    .select({
      jobId: selfIdAnswers.jobId,
      jobTitle: jobPostings.title,
      userId: selfIdAnswers.userId,
      sealed: selfIdAnswers.answersSealed,
      submittedAt: selfIdAnswers.submittedAt,
    })
    .from(selfIdAnswers)
    .innerJoin(jobPostings, eq(jobPostings.id, selfIdAnswers.jobId))
    .where(
      and(
        eq(selfIdAnswers.companyId, companyId),
        query.from ? gte(selfIdAnswers.submittedAt, sql`${query.from}::date::timestamptz`) : undefined,
        query.to ? lt(selfIdAnswers.submittedAt, sql`(${query.to}::date + 1)::timestamptz`) : undefined,
      ),
    );
  type Group = { jobId: string; jobTitle: string; period: string; n: number; counts: Map<string, number> };
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const answers = JSON.parse(
      secrets.open(row.sealed, sealedContext.selfIdAnswers(companyId, row.jobId, row.userId)),
    ) as SelfIdAnswers;
    const period = periodOf(row.submittedAt, query.period);
    const key = `${row.jobId}|${period}`;
    const group = groups.get(key) ?? { jobId: row.jobId, jobTitle: row.jobTitle, period, n: 0, counts: new Map() };
    group.n++;
    for (const [question, value] of Object.entries(answers))
      group.counts.set(`${question}|${value}`, (group.counts.get(`${question}|${value}`) ?? 0) + 1);
    groups.set(key, group);
  }
  const settings = await selfIdSettingsOf(db, companyId);
  const asked = new Set<SelfIdForm>(settings.forms);
  for (const g of groups.values())
    for (const key of g.counts.keys()) asked.add(SELF_ID_QUESTION_FORM[key.split('|')[0] as SelfIdQuestion]);
  const questions = SELF_ID_QUESTIONS.filter((q) => asked.has(SELF_ID_QUESTION_FORM[q]));
  return {
    minCell: SELF_ID_MIN_CELL,
    rows: [...groups.values()]
      .sort((a, b) => a.jobTitle.localeCompare(b.jobTitle) || a.period.localeCompare(b.period))
      .map((g) => ({
        jobId: g.jobId,
        jobTitle: g.jobTitle,
        period: g.period,
        respondents: g.n < SELF_ID_MIN_CELL ? null : g.n,
        questions: questions.map((question) => {
          const choices = SELF_ID_FORM_TEXTS[SELF_ID_QUESTION_FORM[question]].questions.find(
            (q) => q.key === question,
          )!.choices;
          const shown = suppressSmallCells(choices.map((c) => g.counts.get(`${question}|${c.value}`) ?? 0));
          return {
            question,
            cells: choices.map((c, i) => ({
              choice: c.value,
              label: selfIdChoiceLabel(question, c.value),
              count: g.n < SELF_ID_MIN_CELL ? null : shown[i]!,
            })),
          };
        }),
      })),
  };
}

/** A person's own answers, opened, for their data export (issue 36: the export includes them). */
export async function ownSelfIdAnswers(db: Executor, secrets: Secrets, userId: string) {
  const rows = await db
    .select({
      companyId: selfIdAnswers.companyId,
      jobId: selfIdAnswers.jobId,
      jobTitle: jobPostings.title,
      companyName: companies.name,
      sealed: selfIdAnswers.answersSealed,
      versions: selfIdAnswers.versions,
      submittedAt: selfIdAnswers.submittedAt,
    })
    .from(selfIdAnswers)
    .innerJoin(jobPostings, eq(jobPostings.id, selfIdAnswers.jobId))
    .innerJoin(companies, eq(companies.id, selfIdAnswers.companyId))
    .where(eq(selfIdAnswers.userId, userId))
    .orderBy(selfIdAnswers.submittedAt);
  return rows.map((row) => {
    const answers = JSON.parse(
      secrets.open(row.sealed, sealedContext.selfIdAnswers(row.companyId, row.jobId, userId)),
    ) as SelfIdAnswers;
    return {
      jobTitle: row.jobTitle,
      companyName: row.companyName,
      submittedAt: row.submittedAt.toISOString(),
      formVersions: row.versions,
      answers: Object.fromEntries(
        Object.entries(answers).map(([q, v]) => [q, selfIdChoiceLabel(q as SelfIdQuestion, v)]),
      ),
    };
  });
}

/** Removes a person's answers (account erasure; a company's retention expiry passes its company). */
export async function eraseSelfIdAnswers(db: Executor, userId: string, companyId?: string): Promise<void> {
  await db
    .delete(selfIdAnswers)
    .where(and(eq(selfIdAnswers.userId, userId), companyId ? eq(selfIdAnswers.companyId, companyId) : undefined));
}
