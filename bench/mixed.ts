/**
 * The mixed read/write run: searches while jobs are posted and messages sent through the API, so what the server keeps
 * changes as in life (a job posted is taken into, or drops, every kept job search it matches, in every process; a
 * message changes its two people's conversation lists). Reads are a closed loop (autocannon's connections): the job
 * search mix, and one request in ten a conversation list of someone being written to; writes arrive open loop at
 * constant rates from this process (bench/open-loop.ts), whatever the reads do. One row for the reads (judged as the
 * job search mix is), one for the writes; CPU per request counts every request of the run, reads and writes. The reads
 * run once first, without writes, and that pass is discarded.
 */
import type autocannon from 'autocannon';
import { cpuMeter, loadAverage } from './cpu';
import { descriptionParagraphs } from './dataset';
import { openLoop, type OpenLoopResult } from './open-loop';
import type { Pair } from './people';
import { DURATION_SECONDS, load, type BareCeiling, type PreparedDatabase, type Row } from './support';
import { HOT_MAX_P99_MS, HOT_MIN_RATIO, throughputRow, verdict } from './targets';

export const MIXED_JOBS_PER_SECOND = Number(process.env.BENCH_MIXED_JOBS_PER_SECOND ?? 2);
export const MIXED_MESSAGES_PER_SECOND = Number(process.env.BENCH_MIXED_MESSAGES_PER_SECOND ?? 10);
/** One read in this many is a conversation list. */
const LIST_EVERY = 10;

interface MixedRun {
  baseUrl: string;
  server: { pid: number };
  prepared: PreparedDatabase<unknown>;
  bare: BareCeiling;
  /** Job search paths (`/api/jobs?…`), read anonymously in turn. */
  searches: string[];
  /** The demo admin's session cookie: the jobs' poster. */
  adminCookie: string;
  /** Conversations to send in: senders write, recipients read their lists. */
  pairs: Pair[];
}

export async function mixedReadWrite(run: MixedRun): Promise<{ rows: Row[]; ok: boolean }> {
  const { baseUrl, pairs } = run;
  const paragraphs = descriptionParagraphs(8);
  let posted = 0;
  const postJob = () => ({
    path: '/api/jobs',
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie: run.adminCookie },
    body: JSON.stringify({
      title: `Mixed Run Clinical Engineer ${++posted}`,
      company: 'Referwell Demo',
      location: 'Remote',
      employmentType: 'full-time',
      description: paragraphs.slice(posted % 4, (posted % 4) + 4).join('\n\n'),
      requirements: '3+ years of experience.',
      skills: ['FHIR', 'TypeScript'],
      salary: '$120k - $150k',
    }),
  });
  let sent = 0;
  const sendMessage = () => {
    const pair = pairs[sent++ % pairs.length]!;
    return {
      path: `/api/conversations/${pair.conversationId}/messages`,
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, cookie: `rw_session=${pair.sender.token}` },
      body: JSON.stringify({ text: `Mixed run message ${sent}` }),
    };
  };
  let read = 0;
  const reads = () =>
    load({
      url: `${baseUrl}${run.searches[0]}`,
      requests: [
        {
          setupRequest: (request) => {
            const n = read++;
            if (n % LIST_EVERY === LIST_EVERY - 1) {
              const reader = pairs[Math.floor(n / LIST_EVERY) % pairs.length]!.recipient;
              return { ...request, path: '/api/conversations', headers: { cookie: `rw_session=${reader.token}` } };
            }
            return { ...request, path: run.searches[n % run.searches.length]!, headers: {} };
          },
        },
      ],
    });

  // A discarded pass of the reads first, as every load row has: the row measures reads while writes change what the
  // server keeps, not a start after the kept searches' minute has run out (the rows before it take longer).
  await reads().catch(() => undefined);
  const meter = cpuMeter(run.server.pid, run.prepared);
  const [result, jobs, messages] = (await Promise.all([
    reads(),
    openLoop(baseUrl, { rate: MIXED_JOBS_PER_SECOND, seconds: DURATION_SECONDS, next: postJob }),
    openLoop(baseUrl, { rate: MIXED_MESSAGES_PER_SECOND, seconds: DURATION_SECONDS, next: sendMessage }),
  ])) as [autocannon.Result, OpenLoopResult, OpenLoopResult];
  const cpu = meter.perRequest(result.requests.total + jobs.completed + messages.completed);
  const readRow = throughputRow(
    `mixed: GET /api/jobs mix (1 in ${LIST_EVERY} a conversation list) while ${MIXED_JOBS_PER_SECOND} jobs/s are posted and ${MIXED_MESSAGES_PER_SECOND} messages/s sent`,
    result,
    cpu,
    run.bare,
    { minRatio: HOT_MIN_RATIO, maxP99Ms: HOT_MAX_P99_MS },
    { 'CPU counts': 'reads and writes' },
  );
  const writeRow = (label: string, w: OpenLoopResult): { row: Row; ok: boolean } => {
    const ok = w.errors === 0 && w.non2xx === 0 && w.completed === w.scheduled;
    const refused = Object.entries(w.refusals).map(([status, n]) => `${n} × ${status}`);
    console.log(
      `mixed run, ${label}: ${w.completed} of ${w.scheduled} answered, refused: ${refused.join(', ') || 'none'}`,
    );
    return {
      ok,
      row: {
        scenario: `mixed: ${label}, open loop at ${w.rate}/s (from scheduled send)`,
        samples: w.completed,
        'p50 ms': w.p50,
        'p95 ms': w.p95,
        'p99 ms': w.p99,
        errors: w.errors,
        'non-2xx': w.non2xx,
        refused: refused.join(', ') || 'none',
        'load avg': loadAverage(),
        target: 'every write answered 2xx',
        verdict: verdict(ok),
      },
    };
  };
  const jobRow = writeRow('POST /api/jobs (taken into the kept searches the job matches)', jobs);
  const messageRow = writeRow('POST /api/conversations/:id/messages', messages);
  return {
    rows: [readRow.row, jobRow.row, messageRow.row],
    ok: readRow.ok && jobRow.ok && messageRow.ok,
  };
}
