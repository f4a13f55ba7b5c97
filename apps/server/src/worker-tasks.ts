// The functions that run in worker threads (see lib/worker-task.ts): parsing of untrusted documents, which is
// synchronous and can take long on hostile input, so it must never run on the request thread.
import { isAppError } from './lib/errors';
import type { WorkerOutcome } from './lib/worker-task';
import { readJobPage } from './features/jobs/import';
import { readCrawlPage, readPageText } from './features/jobs/import/links';
import { parseResume } from './features/talent/resume';
import { readConnectionsFile, type ConnectionsReadInput } from './features/connections/read';

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
  jobExtract: task((input: { html: string; url: string }) => readJobPage(input.html, input.url)),
  jobCrawlPage: task((input: { html: string; url: string }) => readCrawlPage(input.html, input.url)),
  jobPageText: task((input: { html: string; maxChars: number }) => readPageText(input.html, input.maxChars)),
  resumeParse: task((bytes: Uint8Array) => parseResume(bytes)),
  connectionsRead: task((input: ConnectionsReadInput) => readConnectionsFile(input)),
};

type Registered = typeof workerTasks;
export type WorkerTaskName = keyof Registered;

declare module './lib/worker-task' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface WorkerTasks extends Registered {}
}
