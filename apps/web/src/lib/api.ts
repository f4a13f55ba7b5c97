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
  body?: unknown;
  signal?: AbortSignal;
}

/** Calls the JSON API on our own origin with the session cookie. */
export async function api<T>(path: string, { method = 'GET', body, signal }: ApiRequest = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
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
