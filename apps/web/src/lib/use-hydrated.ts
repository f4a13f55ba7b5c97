import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False during server rendering and while a prerendered page hydrates, true afterwards (and from
 * the start in a client-only render). Lets a page render the same markup as its prerendered HTML
 * first and add browser-only parts right after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
