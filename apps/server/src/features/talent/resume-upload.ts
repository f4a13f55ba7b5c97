// Reading one uploaded résumé from a multipart request: refused early when it is announced too large or is no
// document at all, then parsed in a worker thread. The job seeker's own upload and a referrer's upload for a
// referral (features/referrals) both read files this way.
import type { FastifyInstance, FastifyRequest } from 'fastify';
// Its request.file() and multipartErrors (the routes that take uploads register the plugin).
import type {} from '@fastify/multipart';
import { RESUME_LIMITS, RESUME_MESSAGES, type ParsedResume, type ResumeKind } from '@referwell/shared';
import { AppError, badRequest } from '../../lib/errors';
import { newFileKey } from '../../lib/storage';
import { detectResumeKind } from './resume';
import { parseResumeInWorker } from './resume/parse-in-worker';
import { RESUME_CONTENT_TYPES } from './resume-files';

/** What a plugin taking résumé uploads registers @fastify/multipart with. */
export const RESUME_MULTIPART_LIMITS = {
  limits: { fileSize: RESUME_LIMITS.maxBytes, files: 1, fields: 2, parts: 3, fieldSize: 1024, headerPairs: 50 },
};

/** Room for the multipart envelope (boundaries, part headers) around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const tooLarge = () => new AppError(413, 'RESUME_TOO_LARGE', RESUME_MESSAGES.tooLarge);

export interface ReadResume {
  bytes: Buffer;
  originalName: string;
  kind: ResumeKind;
  fields: ParsedResume;
}

/** The request's résumé, parsed; 400, 413, 415 or 422 (parse timeout) when it cannot be. */
export async function readResumeUpload(app: FastifyInstance, request: FastifyRequest): Promise<ReadResume> {
  // Refuse an announced oversize body before reading any of it.
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > RESUME_LIMITS.maxBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge();
  if (!request.isMultipart()) throw badRequest(RESUME_MESSAGES.empty, { file: RESUME_MESSAGES.empty });
  const part = await request.file();
  if (!part) throw badRequest(RESUME_MESSAGES.empty, { file: RESUME_MESSAGES.empty });
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw tooLarge();
    throw error;
  }
  if (bytes.byteLength === 0) throw badRequest(RESUME_MESSAGES.empty, { file: RESUME_MESSAGES.empty });
  // Cheap check on the request thread first: no worker time for files that are not documents at all.
  if (!detectResumeKind(bytes)) throw new AppError(415, 'RESUME_UNSUPPORTED_TYPE', RESUME_MESSAGES.unsupportedType);
  const parsed = await parseResumeInWorker(new Uint8Array(bytes));
  return { bytes, originalName: part.filename, kind: parsed.kind, fields: parsed.fields };
}

/** A new storage key for a résumé file and its content type. */
export function newResumeKey(kind: ResumeKind): { key: string; contentType: string } {
  const extension: Record<ResumeKind, string> = { pdf: 'pdf', docx: 'docx', doc: 'doc' };
  return { key: newFileKey('resumes', extension[kind]), contentType: RESUME_CONTENT_TYPES[kind] };
}
