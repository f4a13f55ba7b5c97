/** How often a shutdown step still running is reported. */
const REPORT_EVERY_MS = 10_000;

/**
 * Runs one step of stopping the server, and while it runs reports every 10 s that the shutdown still waits for it: a
 * shutdown that hangs until its time limit then names the step it hung in (close-with-grace only says it timed out).
 */
export async function shutdownStep<T>(
  log: { warn(fields: object, message: string): void },
  step: string,
  work: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  const timer = setInterval(
    () => log.warn({ step, waitingMs: Math.round(performance.now() - started) }, `shutdown: still waiting for ${step}`),
    REPORT_EVERY_MS,
  );
  timer.unref();
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
