/** Raised by `withinTimeLimit` when the work has not settled in time. */
export class TimeLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TimeLimitError';
  }
}

/**
 * Settles as `work` does, or rejects with a TimeLimitError once `ms` have passed. The work itself goes on (a promise
 * cannot be cancelled); this only stops the caller from waiting for it.
 */
export async function withinTimeLimit<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new TimeLimitError(message)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
