import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseInUseError, startEmbeddedPostgres } from './embedded-postgres';

const root = mkdtempSync(path.join(tmpdir(), 'referwell-embedded-'));
chmodSync(root, 0o755);
const dir = path.join(root, 'postgres');
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

const postmasterPid = () => Number.parseInt(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]!, 10);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
/** A stopped server removes its pid file just before it exits: give it a moment. */
async function gone(pid: number) {
  for (let i = 0; i < 50 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  return !alive(pid);
}

// The embedded engine itself is tested in the embedded pass; the pass on a PostgreSQL server (DATABASE_URL)
// tests the product on that server and has nothing to add here.
describe.skipIf(!!process.env.DATABASE_URL)('embedded PostgreSQL', () => {
  it('creates a cluster on first start with a private random password, and keeps data across restarts', async () => {
    const first = await startEmbeddedPostgres({ dir });
    expect(statSync(`${dir}.password`).mode & 0o777).toBe(0o600);
    expect(first.url).toContain(readFileSync(`${dir}.password`, 'utf8'));
    await query(first.url, 'create table kept (n int); insert into kept values (42)');
    await first.stop();

    const second = await startEmbeddedPostgres({ dir });
    expect(await query(second.url, 'select n from kept')).toEqual([{ n: 42 }]);
    expect(await query(second.url, 'show listen_addresses')).toEqual([{ listen_addresses: '127.0.0.1' }]);
    // The app talks to it through the Unix socket in the cluster directory (no server address), others over TCP.
    expect(new URL(second.url).searchParams.get('host')).toBe(dir);
    expect(await query(second.url, 'select inet_server_addr() as addr')).toEqual([{ addr: null }]);
    const tcp = new URL(second.url);
    tcp.searchParams.delete('host');
    expect(await query(tcp.toString(), 'select inet_server_addr() as addr')).toEqual([{ addr: '127.0.0.1' }]);
    await second.stop();
  }, 60_000);

  it('refuses a directory another live app process holds', async () => {
    writeFileSync(`${dir}.lock`, String(process.ppid));
    await expect(startEmbeddedPostgres({ dir })).rejects.toBeInstanceOf(DatabaseInUseError);
    rmSync(`${dir}.lock`);
  });

  it('after the app was killed, stops the server it left running and starts again', async () => {
    // A killed app supervises nothing: without `superviseEveryMs: 0` this one would restart the server the next
    // start stops, and the two would take turns.
    const crashed = await startEmbeddedPostgres({ dir, superviseEveryMs: 0 });
    const orphan = postmasterPid();
    writeFileSync(`${dir}.lock`, '999999999'); // the killed app: a process that no longer exists

    const restarted = await startEmbeddedPostgres({ dir });
    expect(await gone(orphan)).toBe(true);
    expect(postmasterPid()).not.toBe(orphan);
    expect(await query(restarted.url, 'select n from kept')).toEqual([{ n: 42 }]);
    await restarted.stop();
    expect(crashed.port).toBeGreaterThan(0);
  }, 60_000);

  it('recovers after the PostgreSQL server itself was killed', async () => {
    const running = await startEmbeddedPostgres({ dir, superviseEveryMs: 0 }); // its app is killed too
    const pid = postmasterPid();
    process.kill(pid, 'SIGKILL');
    await gone(pid);
    writeFileSync(`${dir}.lock`, '999999999');

    const recovered = await startEmbeddedPostgres({ dir });
    expect(await query(recovered.url, 'select n from kept')).toEqual([{ n: 42 }]);
    await recovered.stop();
    expect(running.port).toBeGreaterThan(0);
  }, 60_000);
});
