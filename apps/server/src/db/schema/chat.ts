import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { companies } from './companies';

/**
 * A company's Slack workspace (ADR 0033): the bot token of its OAuth v2 install, sealed at rest (lib/secrets.ts, bound
 * to the company) and never returned; the channel new roles are posted to; the workspace's channels as last listed
 * (for the picker). 'pending' between Slack's redirect and the queued code exchange; 'failed' keeps Slack's error.
 */
export const slackConnections = pgTable(
  'slack_connections',
  {
    companyId: uuid()
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** SLACK_CONNECTION_STATUSES: pending, connected, failed. */
    status: text().notNull(),
    teamId: text(),
    teamName: text(),
    botUserId: text(),
    tokenSealed: text(),
    channelId: text(),
    channelName: text(),
    /** [{ id, name }] from conversations.list, refreshed after the install and on request. */
    channels: jsonb().$type<{ id: string; name: string }[]>().notNull().default([]),
    /** Slack's error code of the last failed exchange or call the admin should see (e.g. invalid_code). */
    lastError: text(),
    installedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('slack_connections_status_check', sql`${t.status} in ('pending', 'connected', 'failed')`),
    index('slack_connections_team_idx').on(t.teamId),
  ],
);

/**
 * A person's Slack user in their company's workspace: found by e-mail (users.lookupByEmail) the first time a DM is
 * due. `slackUserId` null means the lookup found nobody (looked up again after a day).
 */
export const slackUserLinks = pgTable(
  'slack_user_links',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    slackUserId: text(),
    lookedUpAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.companyId] }),
    index('slack_user_links_slack_idx').on(t.companyId, t.slackUserId),
  ],
);

/** A company's Microsoft Teams channel: its incoming webhook URL (a secret: anyone holding it can post), sealed. */
export const teamsConnections = pgTable('teams_connections', {
  companyId: uuid()
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  webhookSealed: text().notNull(),
  /** The URL's host, shown to admins instead of the URL. */
  webhookHost: text().notNull(),
  connectedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
