/**
 * An import of the app's own code that failed: the browser could not fetch a chunk. After a release the server no
 * longer has the chunks an open tab's page names, so the tab's next page fails to load; less often the connection
 * dropped. Chromium, Firefox and Safari word it differently; Vite's preload helper adds the stylesheet's case.
 */
const FAILED_IMPORT =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export const isFailedImport = (error: unknown): boolean => error instanceof Error && FAILED_IMPORT.test(error.message);

/** Where the last reload for a failed import is remembered (this tab only): the address and when. */
const RELOADED_KEY = 'rw-reloaded-for-code';
/** A page that fails again this soon after its reload is not a release: the error is shown instead. */
export const RELOAD_AGAIN_AFTER_MS = 60_000;

/** Whether `href` may be reloaded for a failed import: not reloaded for one in the last minute. */
export function mayReloadFor(href: string, storage: Pick<Storage, 'getItem'>, now = Date.now()): boolean {
  try {
    const last = JSON.parse(storage.getItem(RELOADED_KEY) ?? 'null') as { href?: string; at?: number } | null;
    return !(last?.href === href && typeof last.at === 'number' && now - last.at < RELOAD_AGAIN_AFTER_MS);
  } catch {
    return true;
  }
}

/** Remembers that `href` is being reloaded for a failed import (see mayReloadFor). */
export function rememberReload(href: string, storage: Pick<Storage, 'setItem'>, now = Date.now()): void {
  try {
    storage.setItem(RELOADED_KEY, JSON.stringify({ href, at: now }));
  } catch {
    // Storage refused (private mode, full): the reload still happens, the next failure is shown.
  }
}
