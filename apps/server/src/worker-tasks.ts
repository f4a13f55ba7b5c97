// The functions that run in parsing processes (see lib/worker-task.ts): parsing of untrusted documents, which is
// synchronous and can take long on hostile input, so it must never run on the request thread.
import { isAppError } from './lib/errors';
import type { WorkerOutcome } from './lib/worker-task';

// Each reader is loaded by the first task that needs it: a process that only parses resumes never holds the page
// reader's vocabularies, nor one that reads pages pdf.js (each costs tens of MB of the process's memory limit).
const pageReader = () => import('@referwell/page-reader');
const resumeReader = () => import('./features/talent/resume');

function task<I, O>(run: (input: I) => O | Promise<O>) {
  return async (input: I): Promise<WorkerOutcome<O>> => {
    try {
      return { ok: true, value: await run(input) };
    } catch (error) {
      if (isAppError(error))
        return { ok: false, error: { statusCode: error.statusCode, code: error.code, message: error.message } };
      throw error;
    }
  };
}

export const workerTasks = {
  jobExtract: task(async (input: { html: string; url: string }) =>
    (await pageReader()).readJobPage(input.html, input.url),
  ),
  jobCrawlPage: task(async (input: { html: string; url: string }) =>
    (await pageReader()).readCrawlPage(input.html, input.url),
  ),
  jobPageText: task(async (input: { html: string; maxChars: number }) =>
    (await pageReader()).readPageText(input.html, input.maxChars),
  ),
  resumeParse: task(async (bytes: Uint8Array) => (await resumeReader()).parseResume(bytes)),
};

type Registered = typeof workerTasks;
export type WorkerTaskName = keyof Registered;

declare module './lib/worker-task' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface WorkerTasks extends Registered {}
}
