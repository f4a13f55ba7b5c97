import { describe, expect, it } from 'vitest';
import { TimeLimitError, withinTimeLimit } from './time-limit';

describe('withinTimeLimit', () => {
  it('settles as the work does when it settles in time', async () => {
    await expect(withinTimeLimit(Promise.resolve(42), 1000, 'late')).resolves.toBe(42);
    await expect(withinTimeLimit(Promise.reject(new Error('broke')), 1000, 'late')).rejects.toThrow('broke');
  });

  it('rejects with its message once the limit has passed', async () => {
    const never = new Promise<number>(() => {});
    const error = await withinTimeLimit(never, 20, 'the work did not finish in time').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeLimitError);
    expect((error as Error).message).toBe('the work did not finish in time');
  });
});
