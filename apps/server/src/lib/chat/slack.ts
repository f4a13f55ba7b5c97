/**
 * The Slack Web API, called only from queued jobs (ADR 0033). Every method is an HTTPS POST to `<apiUrl>/<method>`
 * through the SSRF-safe fetcher: JSON with a Bearer bot token, or a form (oauth.v2.access with the app's client
 * credentials in HTTP Basic, users.lookupByEmail). Slack answers HTTP 200 with `{ ok: true, ... }` or
 * `{ ok: false, error }`; a 429 carries Retry-After (a RetryLater for the queue); a 5xx or a broken connection is an
 * ordinary error the queue retries with back-off.
 */
import { eq } from 'drizzle-orm';
import type { SlackConfig } from '../../config';
import type { Executor } from '../../db/repository';
import { slackConnections } from '../../db/schema';
import { RetryLater, retryAfterSeconds } from '../queue/retry-later';
import { safeFetch } from '../safe-fetch';

/** Slack said no (`ok: false`): its error code, e.g. `invalid_code`, `channel_not_found`, `users_not_found`. */
export class SlackApiError extends Error {
  constructor(
    readonly method: string,
    readonly code: string,
  ) {
    super(`Slack ${method}: ${code}`);
    this.name = 'SlackApiError';
  }
}

export interface SlackClientOptions {
  slack: Pick<SlackConfig, 'apiUrl' | 'clientId' | 'clientSecret'>;
  /** OUTBOUND_ALLOW_HOSTS (a test's fake Slack on 127.0.0.1). */
  allowHosts: readonly string[];
}

export type SlackAuth = { bearer: string } | { basic: true };

/** Calls one Web API method; resolves with Slack's answer when `ok`, else throws (see the module comment). */
export async function callSlack<T extends object = Record<string, unknown>>(
  options: SlackClientOptions,
  method: string,
  auth: SlackAuth,
  args: { json: object } | { form: Record<string, string> },
): Promise<T & { ok: true }> {
  const { slack } = options;
  const authorization =
    'bearer' in auth
      ? `Bearer ${auth.bearer}`
      : `Basic ${Buffer.from(`${slack.clientId}:${slack.clientSecret}`).toString('base64')}`;
  const json = 'json' in args;
  const response = await safeFetch(`${slack.apiUrl}/${method}`, {
    method: 'POST',
    allowHosts: options.allowHosts,
    timeoutMs: 15_000,
    headers: {
      authorization,
      accept: 'application/json',
      'user-agent': 'Referwell (+slack)',
      'content-type': json ? 'application/json; charset=utf-8' : 'application/x-www-form-urlencoded',
    },
    body: json ? JSON.stringify(args.json) : new URLSearchParams(args.form).toString(),
  });
  if (response.status === 429) throw new RetryLater(retryAfterSeconds(response.headers['retry-after']));
  if (response.status >= 300) throw new Error(`Slack ${method}: HTTP ${response.status}`);
  let answer: { ok?: unknown; error?: unknown };
  try {
    answer = JSON.parse(response.body) as typeof answer;
  } catch {
    throw new Error(`Slack ${method}: not JSON`);
  }
  if (answer.ok !== true) throw new SlackApiError(method, typeof answer.error === 'string' ? answer.error : 'unknown');
  return answer as T & { ok: true };
}

/** Error codes after which calling again cannot help: the token is gone or the app was removed. */
const SLACK_TOKEN_GONE = new Set(['invalid_auth', 'token_revoked', 'account_inactive', 'not_authed']);

/**
 * When Slack says the company's token is gone (the app was removed in Slack), the connection shows it as failed and
 * forgets the token; true then, so the job ends instead of retrying what cannot succeed.
 */
export async function markTokenGone(db: Executor, companyId: string, error: unknown): Promise<boolean> {
  if (!(error instanceof SlackApiError) || !SLACK_TOKEN_GONE.has(error.code)) return false;
  await db
    .update(slackConnections)
    .set({ status: 'failed', lastError: error.code, tokenSealed: null, updatedAt: new Date() })
    .where(eq(slackConnections.companyId, companyId));
  return true;
}
