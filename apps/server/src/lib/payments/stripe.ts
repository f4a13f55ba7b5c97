// The one Stripe client and what its failures mean to a user. Calls made while a user waits (opening Checkout or
// the billing portal, changing the plan, listing invoices) are not retried here: a provider that fails answers 502
// or 503 at once and nothing is changed. Calls no user waits for are queued jobs, which the queue retries.
import type Stripe from 'stripe';
import { BILLING_MESSAGES } from '@referwell/shared';
import type { StripeConfig } from '../../config';
import { AppError } from '../errors';

export type { Stripe };

/**
 * The client, pointed at Stripe or (in tests) at a local server of the same API with host, port and protocol. The
 * library is loaded here, when billing is configured: some 270 modules, half of the server's main bundle, that a
 * server without billing never needs (1.4 MB of module source in its heap, and the time to evaluate them at start).
 */
export async function createStripe(config: StripeConfig): Promise<Stripe> {
  const { default: StripeClient } = await import('stripe');
  const url = new URL(config.apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new StripeClient(config.secretKey, {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 0,
    timeout: config.timeoutMs,
    telemetry: false,
    appInfo: { name: 'Referwell' },
  });
}

/** Seconds a client is asked to wait after the provider said it was busy. */
export const PROVIDER_RETRY_AFTER_SECONDS = 30;

/**
 * A Stripe failure as the answer a user gets: a declined card is 402 with what to do; a busy provider 503 with
 * Retry-After; anything else the provider did (down, timed out, refused our request or key) 502. `log` receives the
 * failures that are ours to fix (a refused key or request).
 */
export function providerFailure(error: unknown, log?: (error: unknown, message: string) => void): AppError {
  const type = stripeErrorType(error);
  if (type === 'StripeCardError') return new AppError(402, 'CARD_DECLINED', BILLING_MESSAGES.cardDeclined);
  if (type === 'StripeRateLimitError') {
    const busy = new AppError(503, 'PROVIDER_BUSY', BILLING_MESSAGES.providerBusy);
    busy.retryAfterSeconds = PROVIDER_RETRY_AFTER_SECONDS;
    return busy;
  }
  if (type === 'StripeAuthenticationError' || type === 'StripeInvalidRequestError' || type === 'StripePermissionError')
    log?.(error, 'the payment provider refused our request');
  return new AppError(502, 'PROVIDER_UNAVAILABLE', BILLING_MESSAGES.providerDown);
}

/**
 * A Stripe library error's kind, as its `type` names it (`StripeCardError`, `StripeRateLimitError`…: the error
 * handling the library documents), read without loading the library's classes.
 */
function stripeErrorType(error: unknown): string | undefined {
  if (!(error instanceof Error) || !('type' in error) || typeof error.type !== 'string') return undefined;
  return error.type.startsWith('Stripe') ? error.type : undefined;
}

/** Runs a call the user waits for: its result, or the provider's failure as a 402, 502 or 503 answer. */
export async function inRequest<T>(
  call: () => Promise<T>,
  log?: (error: unknown, message: string) => void,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw providerFailure(error, log);
  }
}
