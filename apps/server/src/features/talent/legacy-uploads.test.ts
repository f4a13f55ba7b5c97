import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resumeFiles } from '../../db/schema';
import { createTestApp, multipartFile, signUp, withSession, type TestApp } from '../../test/harness';
import { closeWorkers } from '../../lib/worker-task';
import { importLegacyUploads } from './legacy-uploads';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await closeWorkers();
});

describe('résumés left in DATA_DIR/uploads by an earlier version', () => {
  it('are moved into the storage under their old names at start-up, and stay downloadable', async () => {
    const owner = await signUp(t);
    const bytes = await readFile(path.join(import.meta.dirname, 'resume', 'fixtures', 'r01-pdf-engineer.pdf'));
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/talent/resume',
      ...multipartFile(bytes, 'cv.pdf'),
      ...withSession(owner.token),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);

    // Make it look as the earlier version left it: a file named by stored_name, nothing in the storage.
    const [row] = await t.database.db.select().from(resumeFiles).where(eq(resumeFiles.ownerId, owner.body.user.id));
    const legacyName = `${randomUUID()}.pdf`;
    await t.app.storage.delete(row!.storedName);
    await t.database.db.update(resumeFiles).set({ storedName: legacyName }).where(eq(resumeFiles.id, row!.id));
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
