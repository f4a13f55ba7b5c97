import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resumeFiles, talentProfiles } from '../../db/schema';
import { createTestApp, signUp, withSession, type TestApp } from '../../test/harness';
import { importLegacyUploads } from './legacy-uploads';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('résumés left in DATA_DIR/uploads by an earlier version', () => {
  it('are moved into the storage under their old names at start-up, and stay downloadable', async () => {
    // As the earlier version left it: a row naming a file in DATA_DIR/uploads, nothing in the storage.
    const owner = await signUp(t);
    const bytes = await readFile(path.join(import.meta.dirname, 'resume', 'fixtures', 'r01-pdf-engineer.pdf'));
    const legacyName = `${randomUUID()}.pdf`;
    const [file] = await t.database.db
      .insert(resumeFiles)
      .values({
        ownerId: owner.body.user.id,
        storedName: legacyName,
        originalName: 'cv.pdf',
        kind: 'pdf',
        sizeBytes: bytes.length,
      })
      .returning();
    await t.database.db
      .update(talentProfiles)
      .set({ resumeFileId: file!.id })
      .where(eq(talentProfiles.id, owner.body.user.id));
    const uploads = path.join(t.app.config.dataDir, 'uploads');
    await mkdir(uploads);
    await writeFile(path.join(uploads, legacyName), bytes);
    await writeFile(path.join(uploads, 'stray.tmp'), 'no row refers to this');

    await importLegacyUploads(t.app.db, t.app.storage, t.app.config.dataDir, t.app.log);
    const url = `/api/talent/${owner.body.user.id}/resume`;
    const download = await t.app.inject({ method: 'GET', url, ...withSession(owner.token) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect(await readdir(uploads)).toEqual(['stray.tmp']);

    await rm(path.join(uploads, 'stray.tmp'));
    await importLegacyUploads(t.app.db, t.app.storage, t.app.config.dataDir, t.app.log);
    expect(existsSync(uploads)).toBe(false);
    await importLegacyUploads(t.app.db, t.app.storage, t.app.config.dataDir, t.app.log);
  });
});
