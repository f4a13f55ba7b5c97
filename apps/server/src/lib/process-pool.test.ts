import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ProcessPool } from './process-pool';

const MB = 1024 * 1024;
let pool: ProcessPool | undefined;
afterEach(() => pool?.destroy());

function startPool() {
  pool = new ProcessPool({
    entry: fileURLToPath(new URL('../test/pool-task-entry.mjs', import.meta.url)),
    processes: 1,
    idleTimeoutMs: 30_000,
    dataBytes: 512 * MB,
    heapMb: 192,
    recycleAfterGrowthBytes: 32 * MB,
  });
  const p = pool;
  return (name: string, megabytes: number) => p.run({ name, input: megabytes }, 20_000) as Promise<number>;
}

describe('ProcessPool recycling', () => {
  it("keeps a process whose first task of a kind loaded that kind's reader, and replaces it after a task that grew it", async () => {
    const run = startPool();
    const first = await run('resumeParse', 40); // a reader's load: more than the limit, less than twice it
    expect(await run('resumeParse', 0)).toBe(first);
    expect(await run('resumeParse', 40)).toBe(first); // grew past the limit: replaced after answering
    expect(await run('resumeParse', 0)).not.toBe(first);
  }, 60_000);

  it('replaces a process whose first task of a kind grew it by more than twice the limit', async () => {
    const run = startPool();
    const first = await run('jobExtract', 80);
    expect(await run('jobExtract', 0)).not.toBe(first);
  }, 60_000);
});
