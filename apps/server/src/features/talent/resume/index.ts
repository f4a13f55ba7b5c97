// Resume parsing: detect the kind by content, extract text, extract profile fields. Safe to run in a worker thread
// (see the 'resumeParse' task in src/worker-tasks.ts); callers on the request thread should use parseResumeInWorker.
import { RESUME_LIMITS, RESUME_MESSAGES, type ParsedResume, type ResumeKind } from '@referwell/shared';
import { AppError } from '../../../lib/errors';
import { detectResumeKind } from './detect';
import { extractResumeText } from './extract-text';
import { extractFields } from './fields';

export { detectResumeKind, assertSafeDocx, readZipDirectory, DOCX_LIMITS } from './detect';
export { extractResumeText, MAX_PDF_PAGES } from './extract-text';
export { extractFields } from './fields';

export interface ResumeParseResult {
  kind: ResumeKind;
  text: string;
  fields: ParsedResume;
  /** Pages of a PDF (1 for DOCX/DOC). */
  pages: number;
}

/**
 * Parses a resume file. Throws AppError 413 (over 5 MB), 415 (not PDF/DOC/DOCX by content), 422 (past a decompression
 * limit, a zip bomb, or out of memory while reading), 400 (damaged).
 */
export async function parseResume(bytes: Uint8Array, options: { now?: Date } = {}): Promise<ResumeParseResult> {
  if (bytes.byteLength === 0) throw new AppError(400, 'RESUME_EMPTY', RESUME_MESSAGES.empty);
  if (bytes.byteLength > RESUME_LIMITS.maxBytes) throw new AppError(413, 'RESUME_TOO_LARGE', RESUME_MESSAGES.tooLarge);
  const kind = detectResumeKind(bytes);
  if (!kind) throw new AppError(415, 'RESUME_UNSUPPORTED_TYPE', RESUME_MESSAGES.unsupportedType);
  const { text, pages, links, lines } = await extractResumeText(kind, bytes);
  return { kind, text, pages, fields: extractFields(lines, { links, now: options.now }) };
}
