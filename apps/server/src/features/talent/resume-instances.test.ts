import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Env } from '../../config';
import type { Database } from '../../db/client';
import { createTestApp, multipartFile, openTestDatabase, signUp, withSession, type TestApp } from '../../test/harness';
import { startS3Server, type TestS3Server } from '../../test/s3-server';
import { closeWorkers } from '../../lib/worker-task';

// Two server processes must agree on the cookie secret to accept each other's sessions.
const SHARED = { SESSION_SECRET: 'two-instances-share-this-secret-0123456789' };

const fixture = (name: string) => readFile(path.join(import.meta.dirname, 'resume', 'fixtures', name));

/** Two app instances on one database, each with its own DATA_DIR: nothing is shared through the disk. */
function twoInstances(label: string, env: () => Env) {
  describe(label, () => {
    let database: Database;
    let a: TestApp;
    let b: TestApp;

    beforeAll(async () => {
      database = await openTestDatabase();
      a = await createTestApp({ database, env: { ...SHARED, ...env() } });
      b = await createTestApp({ database, env: { ...SHARED, ...env() } });
    });
    afterAll(async () => {
      await a.close();
      await b.close();
      await database.close();
    });

    const upload = (on: TestApp, token: string, bytes: Buffer, name: string) =>
      on.app.inject({
        method: 'POST',
        url: '/api/talent/resume',
        ...multipartFile(bytes, name),
        ...withSession(token),
      });

    // The first upload also starts the parsing worker thread, slow on a loaded machine.
    it(
      'serves a resume uploaded through one instance from the other, and replaces it from either',
      { timeout: 60_000 },
      async () => {
        expect(a.app.config.dataDir).not.toBe(b.app.config.dataDir);
        const owner = await signUp(a);
        const bytes = await fixture('r01-pdf-engineer.pdf');
        const uploaded = await upload(a, owner.token, bytes, 'Engineer CV.pdf');
        expect(uploaded.statusCode, uploaded.body).toBe(200);

        const url = `/api/talent/${owner.body.user.id}/resume`;
        const download = await b.app.inject({ method: 'GET', url, ...withSession(owner.token) });
        expect(download.statusCode).toBe(200);
        expect(download.headers['content-type']).toBe('application/pdf');
        expect(download.headers['content-length']).toBe(String(bytes.length));
        expect(download.headers['content-disposition']).toBe(
          `attachment; filename="Engineer CV.pdf"; filename*=UTF-8''Engineer%20CV.pdf`,
        );
        expect(download.rawPayload.equals(bytes)).toBe(true);

        const docx = await fixture('r08-docx-backend.docx');
        const replaced = await upload(b, owner.token, docx, 'cv.docx');
        expect(replaced.statusCode, replaced.body).toBe(200);
        const again = await a.app.inject({ method: 'GET', url, ...withSession(owner.token) });
        expect(again.headers['content-type']).toBe(
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        );
        expect(again.rawPayload.equals(docx)).toBe(true);
      },
    );

    it('keeps the download rules on the second instance', async () => {
      const owner = await signUp(a);
      expect(
        (await upload(a, owner.token, await fixture('r02-pdf-nurse-informaticist.pdf'), 'cv.pdf')).statusCode,
      ).toBe(200);
      const stranger = await signUp(b);
      const url = `/api/talent/${owner.body.user.id}/resume`;
      expect((await b.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await b.app.inject({ method: 'GET', url, ...withSession(stranger.token) })).statusCode).toBe(404);
    });
  });
}

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.close();
  await closeWorkers();
});

twoInstances('two instances, files in the database (the default)', () => ({}));

twoInstances('two instances, files in S3-compatible storage', () => ({
  S3_BUCKET: s3.options.bucket,
  S3_REGION: s3.options.region,
  S3_ENDPOINT: s3.options.endpoint,
  S3_ACCESS_KEY_ID: s3.options.accessKeyId,
  S3_SECRET_ACCESS_KEY: s3.options.secretAccessKey,
  S3_FORCE_PATH_STYLE: 'true',
}));
