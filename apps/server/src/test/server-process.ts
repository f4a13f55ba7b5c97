import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { productionStart } from './production-start';
import { freePort } from './smtp';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * The bundled server (test/worker-bundle.ts bundleServer) started as `npm start` starts it, on 127.0.0.1, with the
 * given environment on top of the test defaults. `ulimit`: shell `ulimit` options the process starts under (e.g.
 * `-n 512` for fewer file descriptors), set by /bin/sh before it execs node.
 */
export async function startServerProcess(
  main: string,
  env: NodeJS.ProcessEnv,
  options: { ulimit?: string } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const start = productionStart();
  const fullEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'false',
    ...start.env,
    ...env,
  };
  const args = [...start.nodeOptions, main];
  const child = options.ulimit
    ? spawn('/bin/sh', ['-c', `ulimit ${options.ulimit} && exec "$0" "$@"`, process.execPath, ...args], {
        cwd: serverDir,
        env: fullEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
    : spawn(process.execPath, args, { cwd: serverDir, env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server: ServerProcess = {
    child,
    pid: child.pid!,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
      return fetch(`${server.baseUrl}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
    },
    120_000,
    () => `the server to answer /api/health:\n${output}`,
  );
  return server;
}

/** Polls `check` every `everyMs` until it is true; throws with `what` after `timeoutMs`. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string | (() => string),
  everyMs = 50,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline)
      throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Memory of a process and its descendants, from /proc, in bytes. */
export interface TreeMemory {
  /** Resident memory of the process itself (VmRSS), as `ps` and the finding measure one process. */
  ownRss: number;
  /**
   * Memory the whole tree costs the machine: the sum of each process's proportional set size (smaps_rollup Pss),
   * where pages the processes share (the node binary, libraries) count once between them. Summing their RSS would
   * count the node binary once per parsing process.
   */
  treePss: number;
}

const kb = (text: string, field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0) * 1024;

export function treeMemory(pid: number): TreeMemory {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent pid is the second field after the command name, which may itself hold spaces and parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  let ownRss = 0;
  let treePss = 0;
  const walk = (p: number) => {
    try {
      if (p === pid) ownRss = kb(readFileSync(`/proc/${p}/status`, 'utf8'), 'VmRSS');
      treePss += kb(readFileSync(`/proc/${p}/smaps_rollup`, 'utf8'), 'Pss');
    } catch {
      // gone meanwhile
    }
    for (const child of children.get(p) ?? []) walk(child);
  };
  walk(pid);
  return { ownRss, treePss };
}
