/**
 * CPU time per request, so a slow path can be told from a busy machine: the server process and the PostgreSQL
 * processes serving its database, read from /proc (Linux; elsewhere the figures are null). On the embedded engine
 * that is the whole cluster started on the area's DATA_DIR: the postmaster, its live children and the children it has
 * reaped (its cutime: parallel workers and closed connections live briefly). On DATABASE_URL the cluster is shared,
 * so only the backends connected to the area's database and the parallel workers of those alive when read: workers
 * that ended in between are missing, so a statement that scans in parallel is undercounted there.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Where an area's database lives (a bench `PreparedDatabase` is one): its cluster's directory, or its URL. */
interface DatabaseWhere {
  dataDir: string;
  databaseUrl: string | undefined;
}

const TICKS_PER_SECOND = 100;

interface ProcInfo {
  pid: number;
  ppid: number;
  ticks: number;
  /** CPU of the children it has reaped. */
  childTicks: number;
  cmdline: string;
}

function readProc(pid: number): ProcInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: the fields follow the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    return {
      pid,
      ppid: Number(fields[1]),
      ticks: Number(fields[11]) + Number(fields[12]),
      childTicks: Number(fields[13]) + Number(fields[14]),
      cmdline,
    };
  } catch {
    return null; // gone, or no /proc
  }
}

function allProcesses(): ProcInfo[] {
  try {
    return readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map((name) => readProc(Number(name)))
      .filter((p): p is ProcInfo => p !== null);
  } catch {
    return [];
  }
}

/**
 * The PostgreSQL processes working for this area's database, each with the ticks to count (see the file comment):
 * a pid's own ticks, and for the embedded postmaster also its reaped children's.
 */
function databaseTicks(prepared: DatabaseWhere): Map<number, number> {
  const processes = allProcesses();
  if (prepared.databaseUrl) {
    const name = new URL(prepared.databaseUrl).pathname.slice(1);
    const backends = processes.filter((p) => p.cmdline.startsWith('postgres: ') && p.cmdline.includes(` ${name} `));
    const leaders = new Set(backends.map((p) => String(p.pid)));
    const workers = processes.filter((p) => leaders.has(/parallel worker for PID (\d+)/.exec(p.cmdline)?.[1] ?? ''));
    return new Map([...backends, ...workers].map((p) => [p.pid, p.ticks]));
  }
  const postmaster = processes.find((p) => p.cmdline.includes(prepared.dataDir) && /postgres/.test(p.cmdline));
  if (!postmaster) return new Map();
  return new Map([
    [postmaster.pid, postmaster.ticks + postmaster.childTicks],
    ...processes.filter((p) => p.ppid === postmaster.pid).map((p): [number, number] => [p.pid, p.ticks]),
  ]);
}

/**
 * CPU ticks the database's processes spent since `start`: those alive then and now, plus every process started since
 * (the pool opens connections as it needs them). On the embedded engine a process that ended in between is counted
 * through the postmaster's reaped children; on DATABASE_URL it is left out.
 */
function databaseTicksSince(prepared: DatabaseWhere, start: Map<number, number>): number {
  let sum = 0;
  const now = databaseTicks(prepared);
  for (const [pid, ticks] of now) sum += ticks - (start.get(pid) ?? 0);
  // A process alive at the start and gone now: on the embedded engine its whole time is in the postmaster's
  // reaped children, so its ticks before the start come off.
  for (const [pid, ticks] of start) if (!now.has(pid) && !prepared.databaseUrl) sum -= ticks;
  return sum;
}

export interface CpuPerRequest {
  serverMs: number | null;
  databaseMs: number | null;
}

export interface CpuMeter {
  /** Milliseconds of CPU per request since the meter started, for the server and its database. */
  perRequest(requests: number): CpuPerRequest;
}

const msPerRequest = (ticks: number, requests: number) =>
  Math.round(((ticks * 1000) / TICKS_PER_SECOND / Math.max(1, requests)) * 100) / 100;

/** Starts measuring the CPU time of one process (the bare-Fastify ceiling); null figures where /proc is missing. */
export function processCpuMeter(pid: number): { perRequest(requests: number): number | null } {
  const start = readProc(pid)?.ticks ?? null;
  return {
    perRequest(requests) {
      const now = readProc(pid)?.ticks ?? null;
      return start === null || now === null ? null : msPerRequest(now - start, requests);
    },
  };
}

/** Starts measuring the CPU time of the server `pid` and of its database's processes. */
export function cpuMeter(serverPid: number, prepared: DatabaseWhere): CpuMeter {
  const dbStart = databaseTicks(prepared);
  const server = processCpuMeter(serverPid);
  return {
    perRequest(requests) {
      return {
        serverMs: server.perRequest(requests),
        databaseMs: databaseTicks(prepared).size ? msPerRequest(databaseTicksSince(prepared, dbStart), requests) : null,
      };
    },
  };
}

/** The one-minute load average (Linux), to read a run's figures against. */
export function loadAverage(): number | null {
  try {
    return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  } catch {
    return null;
  }
}
