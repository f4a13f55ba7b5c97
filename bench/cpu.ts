/**
 * CPU time per request, so a slow path can be told from a busy machine: the server process and the PostgreSQL
 * processes serving its database, read from /proc (Linux; elsewhere the figures are null). On the embedded engine
 * that is the postmaster started on the area's DATA_DIR and its children; on DATABASE_URL the backends connected to
 * the area's throw-away database (the cluster is shared, so only those).
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { PreparedDatabase } from './support';

const TICKS_PER_SECOND = 100;

interface ProcInfo {
  pid: number;
  ppid: number;
  ticks: number;
  cmdline: string;
}

function readProc(pid: number): ProcInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: the fields follow the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    return { pid, ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), cmdline };
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

/** The PostgreSQL processes working for this area's database (see the file comment). */
function databasePids(prepared: PreparedDatabase<unknown>): number[] {
  const processes = allProcesses();
  if (prepared.databaseUrl) {
    const name = new URL(prepared.databaseUrl).pathname.slice(1);
    return processes
      .filter((p) => p.cmdline.startsWith('postgres: ') && p.cmdline.includes(` ${name} `))
      .map((p) => p.pid);
  }
  const postmaster = processes.find((p) => p.cmdline.includes(prepared.dataDir) && /postgres/.test(p.cmdline));
  if (!postmaster) return [];
  return [postmaster.pid, ...processes.filter((p) => p.ppid === postmaster.pid).map((p) => p.pid)];
}

const ticksOf = (pids: number[]) => new Map(pids.map((pid) => [pid, readProc(pid)?.ticks ?? 0]));

/**
 * CPU ticks the database's processes spent since `start`: those alive then and now, plus every process started since
 * (the pool opens connections as it needs them). A connection closed in between (the pool's idle timeout) is left
 * out: idle that long, it did little of the work measured.
 */
function databaseTicksSince(prepared: PreparedDatabase<unknown>, start: Map<number, number>): number {
  let sum = 0;
  for (const [pid, ticks] of ticksOf(databasePids(prepared))) sum += ticks - (start.get(pid) ?? 0);
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
export function cpuMeter(serverPid: number, prepared: PreparedDatabase<unknown>): CpuMeter {
  const dbStart = ticksOf(databasePids(prepared));
  const server = processCpuMeter(serverPid);
  return {
    perRequest(requests) {
      return {
        serverMs: server.perRequest(requests),
        databaseMs: databasePids(prepared).length
          ? msPerRequest(databaseTicksSince(prepared, dbStart), requests)
          : null,
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
