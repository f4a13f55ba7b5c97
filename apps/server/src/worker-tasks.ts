// The functions that run in worker threads (see lib/worker-task.ts): parsing of untrusted documents, which is
// synchronous and can take long on hostile input, so it must never run on the request thread.
import { AppError } from './lib/errors';
import { readJobPage } from './features/jobs/import';
import { readCrawlPage, readPageText } from './features/jobs/import/links';
import { parseResume } from './features/talent/resume';

/** What crosses the thread boundary: structured clone keeps an Error's message only, so expected errors travel as data. */
export type WorkerOutcome<T> =
  { ok: true; value: T } | { ok: false; error: { statusCode: number; code: string; message: string } };

function task<I, O>(run: (input: I) => O | Promise<O>) {
  return async (input: I): Promise<WorkerOutcome<O>> => {
    try {
      return { ok: true, value: await run(input) };
    } catch (error) {
      if (error instanceof AppError)
        return { ok: false, error: { statusCode: error.statusCode, code: error.code, message: error.message } };
      throw error;
    }
  };
}

export const workerTasks = {
  jobExtract: task((input: { html: string; url: string }) => readJobPage(input.html, input.url)),
  jobCrawlPage: task((input: { html: string; url: string }) => readCrawlPage(input.html, input.url)),
  jobPageText: task((input: { html: string; maxChars: number }) => readPageText(input.html, input.maxChars)),
  resumeParse: task((bytes: Uint8Array) => parseResume(bytes)),
};

export type WorkerTasks = typeof workerTasks;
export type WorkerTaskName = keyof WorkerTasks;
