import type { LaunchOptions } from '@playwright/test';

/**
 * Debian's Chromium as its headless shell (package chromium-headless-shell: the same Chromium build without the
 * desktop browser's UI, compositor and GPU process work; ADR 0022), quiet: every Playwright config of the project
 * launches it this way.
 */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: '/usr/bin/chromium-headless-shell',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * A failed test keeps its trace (every action with the page's DOM before and after, console and network) and the
 * screenshot taken when it failed, but not the trace's screencast: recording a frame after every paint of every page
 * cost Chromium more CPU than the tests themselves (ADR 0022).
 */
export const traceOnFailure = { mode: 'retain-on-failure', screenshots: false } as const;
