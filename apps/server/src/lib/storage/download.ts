import type { FastifyReply } from 'fastify';
import type { StoredFile } from './types';

/**
 * Answers with a stored file as a private download named `originalName` (an ASCII fallback and the UTF-8 name), never
 * cached and never sniffed as another type: the one way a user's uploaded file leaves the server.
 */
export function sendDownload(
  reply: FastifyReply,
  file: Pick<StoredFile, 'body' | 'contentType' | 'size'>,
  originalName: string,
) {
  const asciiName = originalName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return reply
    .header('content-type', file.contentType)
    .header('content-length', file.size)
    .header(
      'content-disposition',
      `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(originalName)}`,
    )
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}
