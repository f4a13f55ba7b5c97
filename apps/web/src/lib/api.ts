import type { ErrorBody } from '@referwell/shared';

/** An API answer that was not 2xx, carrying the server's code, message and field messages. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const NETWORK_MESSAGE = 'Could not reach Referwell. Check your connection and try again.';

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A value sent as JSON, or FormData sent as multipart (file uploads). */
  body?: unknown;
  signal?: AbortSignal;
}

function encodeBody(body: unknown): { headers: Record<string, string>; body?: BodyInit } {
  if (body === undefined) return { headers: { accept: 'application/json' } };
  if (body instanceof FormData) return { headers: { accept: 'application/json' }, body };
  return { headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) };
}

/** Calls the API on our own origin with the session cookie. */
export async function api<T>(path: string, { method = 'GET', body, signal }: ApiRequest = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { method, credentials: 'same-origin', ...encodeBody(body), signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_MESSAGE);
  }
  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (payload as ErrorBody | undefined)?.error;
    throw new ApiError(
      response.status,
      error?.code ?? 'HTTP_ERROR',
      error?.message ?? response.statusText,
      error?.fields,
    );
  }
  return payload as T;
}

/** A request's query string from a query object: its values in order, leaving out undefined, null and empty ones. */
export function queryString(query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  return params.toString();
}

/** A failed API call answered with one of `statuses` (with any status when none are given; 0: no connection). */
export function isApiError(error: unknown, ...statuses: number[]): error is ApiError {
  return error instanceof ApiError && (statuses.length === 0 || statuses.includes(error.status));
}

/** A call the server refused (4xx): asking again will not help. */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** A 404, or a 400 for an id that is not a UUID: either way there is no such record. */
export function isMissing(error: unknown): boolean {
  return isApiError(error, 404, 400);
}

/**
 * What to tell the user about a failed call: the server's own message for a refusal (4xx) or a lost
 * connection, otherwise `fallback` (a 5xx message says nothing the user can act on).
 */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.status < 500 && error.message ? error.message : fallback;
}

/** The server's per-field messages of a failed form submission (empty when there are none). */
export function fieldErrors(error: unknown): Record<string, string> {
  return isApiError(error) ? error.fields : {};
}

let preloadedAnswers: Map<string, unknown> | undefined;

/**
 * An API answer the server already put in the page it rendered (a job, a company; see
 * apps/server/src/lib/server-pages.ts), by GET path. Given once: later reads of the path go to the network.
 */
export function preloaded<T>(path: string): T | undefined {
  if (!preloadedAnswers) {
    const element = typeof document === 'undefined' ? null : document.getElementById('rw-preload');
    let answers: Record<string, unknown> = {};
    try {
      answers = element?.textContent ? (JSON.parse(element.textContent) as Record<string, unknown>) : {};
    } catch {
      // A page without usable preloaded answers asks the API.
    }
    preloadedAnswers = new Map(Object.entries(answers));
  }
  const answer = preloadedAnswers.get(path) as T | undefined;
  preloadedAnswers.delete(path);
  return answer;
}
