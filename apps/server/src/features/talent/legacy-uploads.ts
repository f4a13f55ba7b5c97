import { readdir, readFile, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { resumeFiles } from '../../db/schema';
import type { FileStorage } from '../../lib/storage';
import { RESUME_CONTENT_TYPES } from './resume-files';

/**
 * Résumés used to be files in DATA_DIR/uploads, named by their resume_files.stored_name. At start-up
 * each one still there is put into the storage under that same name (so rows need no change) and
 * removed from the directory. Files no row refers to are left alone; the directory goes once empty.
 */
export async function importLegacyUploads(db: Db, storage: FileStorage, dataDir: string, log: FastifyBaseLogger) {
  const dir = path.join(dataDir, 'uploads');
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (!names) return;
  const rows =
    names.length === 0
      ? []
      : await db
          .select({ key: resumeFiles.storedName, kind: resumeFiles.kind })
          .from(resumeFiles)
          .where(inArray(resumeFiles.storedName, names));
  for (const row of rows) {
    const file = path.join(dir, row.key);
    await storage.put(row.key, await readFile(file), { contentType: RESUME_CONTENT_TYPES[row.kind] });
    await rm(file, { force: true });
  }
  if (rows.length > 0) log.info(`moved ${rows.length} résumé file(s) from ${dir} into the ${storage.provider} storage`);
  if (rows.length === names.length) await rmdir(dir);
  else log.warn(`${dir} keeps ${names.length - rows.length} file(s) no résumé refers to; remove them when you like`);
}
