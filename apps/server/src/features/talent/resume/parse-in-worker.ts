// The request-thread entry point: parses a resume in a parsing process with a time cap and a memory limit, so one
// hostile file cannot stall the server or grow its memory (a stuck or runaway parse has its process killed).
import { RESUME_MESSAGES } from '@referwell/shared';
import { AppError } from '../../../lib/errors';
import { runInWorker } from '../../../lib/worker-task';
import { tooComplex } from './detect';

export const RESUME_PARSE_TIMEOUT_MS = 20_000;

export function parseResumeInWorker(bytes: Uint8Array, options: { timeoutMs?: number } = {}) {
  return runInWorker('resumeParse', bytes, {
    timeoutMs: options.timeoutMs ?? RESUME_PARSE_TIMEOUT_MS,
    onTimeout: () => new AppError(422, 'RESUME_PARSE_TIMEOUT', RESUME_MESSAGES.timeout),
    onOutOfMemory: tooComplex,
  });
}
