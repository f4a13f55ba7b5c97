/**
 * Two server processes on one PostgreSQL, booted at the same moment on an empty database (issue #22):
 * DATABASE_URL's server when set (CI: Debian's PostgreSQL), or an embedded PostgreSQL started here.
 * Each instance has its own DATA_DIR and port and no SESSION_SECRET, so everything they share goes
 * through the database. The tests read the two origins from E2E_INSTANCE_A / E2E_INSTANCE_B.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded-postgres';
import { productionStart } from '../../apps/server/src/test/production-start';

const repoRoot = path.resolve(import.meta.dirname, '../..');
/** Where the instances' logs are kept: the run's output directory (playwright.config.ts), emptied when a run starts. */
const LOG_DIR = path.join(repoRoot, 'test-results/multi-instance');
/** The instances share a database, so they share the data-encryption key (required with DATABASE_URL). */
const dataEncryptionKey = randomBytes(32).toString('base64');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function onServer(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function waitHealthy(origin: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`instance ${origin} exited (${child.exitCode}):\n${log()}`);
    const ok = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`instance ${origin} was not healthy within 120 s:\n${log()}`);
}

function startInstance(port: number, databaseUrl: string, dataDir: string, logFile: string) {
  // No SESSION_SECRET: the instances must agree on the one kept in the database.
  const { SESSION_SECRET: _secret, ...inherited } = process.env;
  const start = productionStart();
  // The instance's log (its standard output) outlives the scratch directory: server-log-reporter.ts prints its errors
  // when a test fails.
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, [...start.nodeOptions, 'apps/server/dist/main.js'], {
    cwd: repoRoot,
    stdio: ['ignore', log, 'pipe'],
    env: {
      ...inherited,
      ...start.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      // Instances sharing a database share the data-encryption key.
      DATA_ENCRYPTION_KEY: dataEncryptionKey,
      NODE_ENV: 'production',
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      // Cookies are per host, not per port: a session made on one instance is sent to the other.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  });
  closeSync(log);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  return { child, log: () => stderr };
}

export default async function globalSetup() {
  const scratch = mkdtempSync(path.join(tmpdir(), 'referwell-two-instances-'));
  let adminUrl = process.env.DATABASE_URL;
  const embedded = adminUrl ? null : await startEmbeddedPostgres({ dir: path.join(scratch, 'postgres') });
  adminUrl ??= embedded!.url;
  const name = `referwell_two_instances_${Date.now().toString(36)}`;
  await onServer(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;

  const ports = [await freePort(), await freePort()];
  const logs = ports.map((_, i) => path.join(LOG_DIR, `instance-${'ab'[i]}.log`));
  mkdirSync(LOG_DIR, { recursive: true });
  process.env.E2E_SERVER_LOG = logs.join(path.delimiter);
  const instances = ports.map((port, i) =>
    startInstance(port, url.toString(), path.join(scratch, `data-${i}`), logs[i]!),
  );
  await Promise.all(instances.map((it, i) => waitHealthy(`http://127.0.0.1:${ports[i]}`, it.child, it.log)));
  process.env.E2E_INSTANCE_A = `http://127.0.0.1:${ports[0]}`;
  process.env.E2E_INSTANCE_B = `http://127.0.0.1:${ports[1]}`;

  return async () => {
    await Promise.all(
      instances.map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    await onServer(adminUrl!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await embedded?.stop();
    rmSync(scratch, { recursive: true, force: true });
  };
}
