/**
 * A Microsoft Teams channel's incoming webhook (ADR 0033): one POST of a message carrying an Adaptive Card, the shape
 * both Teams Workflows webhooks and the older Office 365 connectors accept. Called only from queued jobs, through the
 * SSRF-safe fetcher; a 429 honours Retry-After (RetryLater), any other failure is retried by the queue.
 */
import { RetryLater, retryAfterSeconds } from '../queue/retry-later';
import { safeFetch } from '../safe-fetch';

export interface TeamsCard {
  title: string;
  lines: string[];
  action: { title: string; url: string };
}

/** The webhook's body: `{ type: 'message', attachments: [Adaptive Card 1.4] }`. */
export function teamsMessage(card: TeamsCard) {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: card.title, weight: 'Bolder', size: 'Medium', wrap: true },
            ...card.lines.map((text) => ({ type: 'TextBlock', text, wrap: true, spacing: 'Small' })),
          ],
          actions: [{ type: 'Action.OpenUrl', title: card.action.title, url: card.action.url }],
        },
      },
    ],
  };
}

export async function postTeamsCard(webhookUrl: string, allowHosts: readonly string[], card: TeamsCard) {
  const response = await safeFetch(webhookUrl, {
    method: 'POST',
    allowHosts,
    timeoutMs: 15_000,
    headers: { 'content-type': 'application/json', 'user-agent': 'Referwell (+teams)' },
    body: JSON.stringify(teamsMessage(card)),
  });
  if (response.status === 429) throw new RetryLater(retryAfterSeconds(response.headers['retry-after']));
  if (response.status < 200 || response.status >= 300) throw new Error(`Teams webhook: HTTP ${response.status}`);
}
