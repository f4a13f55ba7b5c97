import { useSyncExternalStore } from 'react';
import { safeLinkHref } from '@/components/rich-text';

/*
 * Values that only exist in the browser (the page origin, tags in the document head). Reading them
 * with useSyncExternalStore gives the server render and the first (hydrating) client render the same
 * fallback value, and switches to the real value right after hydration, so markup never mismatches.
 * In a client-only render React uses the browser value from the start.
 */

// These values do not change while the page is open, so there is nothing to subscribe to.
const subscribeToNothing = () => () => {};

/** The page origin, e.g. 'https://referwell.example'; null during server rendering and hydration. */
export function useOrigin(): string | null {
  return useSyncExternalStore(
    subscribeToNothing,
    () => window.location.origin,
    () => null,
  );
}

export const DEFAULT_BOOKING_URL = '/waitlist';

/**
 * Accepts the booking URL configured in the document head (the server's BOOKING_URL) when it is an
 * absolute http(s) or mailto URL, or a same-site path; anything else (javascript:, data:,
 * protocol-relative '//host', …) is ignored.
 */
export function acceptBookingUrl(raw: string | null | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  if (value.startsWith('/')) return /^\/(?![/\\])/.test(value) ? value : null;
  return safeLinkHref(value);
}

function readBookingUrl(): string {
  const content = document.querySelector('meta[name="rw-booking-url"]')?.getAttribute('content');
  return acceptBookingUrl(content) ?? DEFAULT_BOOKING_URL;
}

/**
 * Where the beta program's 'Book a 30-minute call' link points: the content of
 * `<meta name="rw-booking-url" content="…">`, or '/waitlist' when it is missing or unusable, and
 * always '/waitlist' during server rendering and before hydration.
 */
export function useBookingUrl(): string {
  return useSyncExternalStore(subscribeToNothing, readBookingUrl, () => DEFAULT_BOOKING_URL);
}
