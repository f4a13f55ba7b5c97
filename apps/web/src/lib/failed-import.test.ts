import { describe, expect, it } from 'vitest';
import { isFailedImport, mayReloadFor, rememberReload, RELOAD_AGAIN_AFTER_MS } from './failed-import';

class MemoryStorage {
  items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
}

describe('a failed import of the app’s code', () => {
  it('is told apart by each browser’s wording, and nothing else is', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://referwell.example/assets/jobs-board-page-1a2b3c.js',
      'error loading dynamically imported module: https://referwell.example/assets/x.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/x.css',
    ])
      expect(isFailedImport(new TypeError(message)), message).toBe(true);
    for (const error of [
      new Error('Network error'),
      new TypeError('x is undefined'),
      'Failed to fetch dynamically',
      null,
    ])
      expect(isFailedImport(error)).toBe(false);
  });

  it('reloads a page once a minute at most, each page on its own', () => {
    const storage = new MemoryStorage();
    const at = 1_800_000_000_000;
    expect(mayReloadFor('https://referwell.example/jobs-board', storage, at)).toBe(true);
    rememberReload('https://referwell.example/jobs-board', storage, at);
    expect(mayReloadFor('https://referwell.example/jobs-board', storage, at + 5_000)).toBe(false);
    expect(mayReloadFor('https://referwell.example/messages', storage, at + 5_000)).toBe(true);
    expect(mayReloadFor('https://referwell.example/jobs-board', storage, at + RELOAD_AGAIN_AFTER_MS)).toBe(true);
    storage.setItem('rw-reloaded-for-code', '{not json');
    expect(mayReloadFor('https://referwell.example/jobs-board', storage, at)).toBe(true);
  });
});
