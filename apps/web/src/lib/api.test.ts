import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, fieldErrors, isApiError, isMissing, isRefusal, queryString } from './api';

const answered = (status: number, fields: Record<string, string> = {}) =>
  new ApiError(status, 'CODE', `status ${status}`, fields);

describe('reading a failed API call', () => {
  it('names the statuses a caller acts on, and nothing else is an API error', () => {
    expect(isApiError(answered(403))).toBe(true);
    expect(isApiError(answered(403), 409, 403)).toBe(true);
    expect(isApiError(answered(500), 409, 403)).toBe(false);
    expect(isApiError(new Error('boom'))).toBe(false);
    expect(isApiError(undefined, 404)).toBe(false);
  });

  it('treats 4xx as refusals (not worth asking again) but not 5xx or a lost connection', () => {
    expect([400, 404, 429, 499].map((s) => isRefusal(answered(s)))).toEqual([true, true, true, true]);
    expect([0, 500, 503].map((s) => isRefusal(answered(s)))).toEqual([false, false, false]);
  });

  it('reads a 404, or a 400 for an id that is not a UUID, as a missing record', () => {
    expect([404, 400, 403, 0].map((s) => isMissing(answered(s)))).toEqual([true, true, false, false]);
  });

  it('shows the server’s words for refusals and a lost connection, the fallback otherwise', () => {
    expect(errorMessage(answered(409), 'fallback')).toBe('status 409');
    expect(errorMessage(answered(0), 'fallback')).toBe('status 0');
    expect(errorMessage(answered(500), 'fallback')).toBe('fallback');
    expect(errorMessage(new Error('boom'), 'fallback')).toBe('fallback');
    expect(fieldErrors(answered(400, { email: 'Taken' }))).toEqual({ email: 'Taken' });
    expect(fieldErrors(new Error('boom'))).toEqual({});
  });
});

describe('a request’s query string', () => {
  it('writes the given values in order and leaves out undefined, null and empty ones', () => {
    expect(queryString({ q: 'nurse ', status: undefined, action: '', actorId: null, page: 2, mine: false })).toBe(
      'q=nurse+&page=2&mine=false',
    );
    expect(queryString({})).toBe('');
  });
});
