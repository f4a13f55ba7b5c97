import { afterEach, describe, expect, it, vi } from 'vitest';
import { shutdownStep } from './shutdown-step';

afterEach(() => {
  vi.useRealTimers();
});

describe('shutdownStep', () => {
  it('reports every 10 s that the shutdown still waits for the step, and stops once it is done', async () => {
    vi.useFakeTimers();
    const warnings: string[] = [];
    const log = { warn: (_fields: object, message: string) => warnings.push(message) };
    let finish!: () => void;
    const step = shutdownStep(
      log,
      'the job queue',
      () => new Promise<string>((resolve) => (finish = () => resolve('stopped'))),
    );
    await vi.advanceTimersByTimeAsync(25_000);
    expect(warnings).toEqual([
      'shutdown: still waiting for the job queue',
      'shutdown: still waiting for the job queue',
    ]);
    finish();
    await expect(step).resolves.toBe('stopped');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(warnings).toHaveLength(2);
  });

  it('reports nothing for a step done in time, and passes its error on', async () => {
    const warnings: string[] = [];
    const log = { warn: (_fields: object, message: string) => warnings.push(message) };
    await expect(shutdownStep(log, 'storage', async () => Promise.reject(new Error('disk gone')))).rejects.toThrow(
      'disk gone',
    );
    expect(warnings).toEqual([]);
  });
});
