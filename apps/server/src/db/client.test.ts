import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DatabaseInUseError, openDatabase } from './client';

describe('embedded database', () => {
  it('refuses a directory another live process holds, and frees it on close', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'referwell-lock-')), 'pglite');
    writeFileSync(`${dir}.lock`, String(process.ppid));
    await expect(openDatabase({ pgliteDir: dir })).rejects.toBeInstanceOf(DatabaseInUseError);

    writeFileSync(`${dir}.lock`, '999999999'); // a process that no longer exists
    const database = await openDatabase({ pgliteDir: dir });
    await database.ping();
    await database.close();
    const again = await openDatabase({ pgliteDir: dir });
    await again.close();
  });
});
