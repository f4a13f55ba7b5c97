import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions, traceOnFailure } from '../browser';

/** The two-instance journey (npm run test:multi): its own servers, started by setup.ts. */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: path.resolve(import.meta.dirname, '../../test-results/multi-instance'),
  globalSetup: path.resolve(import.meta.dirname, 'setup.ts'),
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], [path.resolve(import.meta.dirname, '../server-log-reporter.ts')]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: { trace: traceOnFailure, screenshot: 'only-on-failure', launchOptions: chromiumLaunchOptions },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
