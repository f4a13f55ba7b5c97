import { useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';

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

const NO_QUERY = new URLSearchParams();

/**
 * The address's query, once hydrated. A prerendered page's HTML was rendered without a query, and hydration does not
 * correct attributes that differ (a link's href carrying `returnTo`), so the first render sees no query, like that
 * HTML, and the query's effects follow right after.
 */
export function useHydratedSearchParams(): URLSearchParams {
  const [params] = useSearchParams();
  return useHydrated() ? params : NO_QUERY;
}
