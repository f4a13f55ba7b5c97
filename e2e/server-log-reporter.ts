import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Error lines of the server's log printed at most, the newest. */
const MOST = 40;

/**
 * The browser suite's server writes its log to E2E_SERVER_LOG (playwright.config.ts; the two-instance journey's two
 * servers to two files, joined by the path delimiter: multi-instance/setup.ts). When a test failed, even one
 * that passed on retry, this prints the server's errors (pino level 50 and up) at the end of the run: a browser test
 * that met a 500 shows only the answer's request id, and the cause is in the server's log.
 */
export default class ServerLogReporter implements Reporter {
  private failed = false;

  onTestEnd(_test: TestCase, result: TestResult): void {
    if (result.status !== 'passed' && result.status !== 'skipped') this.failed = true;
  }

  onEnd(result: FullResult): void {
    if (!this.failed && result.status === 'passed') return;
    for (const file of (process.env.E2E_SERVER_LOG ?? '').split(path.delimiter)) {
      if (!file || !existsSync(file)) continue;
      const errors = readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => {
          try {
            return (JSON.parse(line) as { level?: number }).level! >= 50;
          } catch {
            return false;
          }
        });
      console.log(`\nThe server logged ${errors.length} error(s) in this run (whole log: ${file}).`);
      for (const line of errors.slice(-MOST)) console.log(line);
    }
  }
}
