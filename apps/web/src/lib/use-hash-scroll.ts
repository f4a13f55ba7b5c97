import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** How long a link's #target is waited for: a card that appears once its data has loaded. */
const WAIT_FOR_TARGET_MS = 10_000;
/** The person scrolls or types: the page is theirs, a late target does not move it. */
const TAKEN_OVER = ['wheel', 'touchmove', 'keydown', 'mousedown'] as const;

function targetOf(hash: string): HTMLElement | null {
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

/**
 * Scrolls to the element the hash names as soon as it is in the page, waiting for it if needed; returns what stops
 * waiting. The router's ScrollRestoration only looks once, when the page is still loading.
 */
export function scrollToHashTarget(hash: string, waitMs = WAIT_FOR_TARGET_MS): () => void {
  const scrolled = () => {
    const target = targetOf(hash);
    target?.scrollIntoView({ block: 'start' });
    return target !== null;
  };
  if (scrolled()) return () => {};
  const observer = new MutationObserver(() => {
    if (scrolled()) stop();
  });
  const timer = setTimeout(() => stop(), waitMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
    for (const event of TAKEN_OVER) window.removeEventListener(event, stop);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  for (const event of TAKEN_OVER) window.addEventListener(event, stop, { passive: true });
  return stop;
}

/**
 * The app's one way to follow a link to a part of a page (`/company-dashboard/analytics#exports`): on arrival (a link,
 * a redirect or the first load, not back/forward, where ScrollRestoration puts the page back where it was) the page
 * scrolls to the element with that id once it appears.
 */
export function useHashScroll(): void {
  const { hash, key } = useLocation();
  const navigationType = useNavigationType();
  const firstLocation = useRef(true);
  useEffect(() => {
    const first = firstLocation.current;
    firstLocation.current = false;
    if (!hash || hash === '#' || (navigationType === 'POP' && !first)) return;
    return scrollToHashTarget(hash);
    // Each arrival (location key) once; hash and type belong to that arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
