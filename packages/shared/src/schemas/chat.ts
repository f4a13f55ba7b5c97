import { z } from 'zod';

/** Slack and Microsoft Teams for a company (issue 34, ADR 0033): the words the admin page and Slack itself show. */
export const CHAT_MESSAGES = {
  heading: 'Slack and Microsoft Teams',
  intro:
    'Post new open roles with a bonus to a channel, and send each person their notifications as Slack messages, where your team already works.',
  slackNotConfigured:
    'Slack is not set up on this server. An operator sets SLACK_CLIENT_ID, SLACK_CLIENT_SECRET and SLACK_SIGNING_SECRET to offer it.',
  connectSlack: 'Connect Slack',
  slackPending: 'Finishing the connection with Slack…',
  slackFailed: (code: string) => `Slack refused the connection (${code}). Please connect again.`,
  slackConnected: (team: string) => `Connected to the Slack workspace ${team}.`,
  channelLabel: 'Channel for new roles',
  noChannels: 'No channels listed yet. Refresh the list once the app has been added to your workspace.',
  refreshChannels: 'Refresh channels',
  saveChannel: 'Save channel',
  channelSaved: 'Channel saved.',
  channelUnknown: 'Please choose one of the listed channels.',
  testPost: 'Send a test message',
  testQueued: 'A test message is on its way to the channel.',
  chooseChannelFirst: 'Choose a channel first.',
  disconnectSlack: 'Disconnect Slack',
  disconnectConfirm:
    'Disconnect Slack? New roles stop being posted, people stop getting Slack messages, and the app is removed from your workspace.',
  slackDisconnected: 'Slack disconnected.',
  notConnected: 'Slack is not connected for your company.',
  badState: 'That Slack link has expired or was not started here. Please connect again from the company dashboard.',
  teamsHeading: 'Microsoft Teams',
  teamsIntro:
    'Paste the URL of a Teams channel\'s incoming webhook (Workflows: "Post to a channel when a webhook request is received"). New open roles with a bonus are posted there.',
  teamsUrlLabel: 'Incoming webhook URL',
  teamsUrlInvalid: 'Please paste the https:// URL Teams gave for the webhook.',
  teamsSaved: 'Teams channel connected.',
  teamsConnected: (host: string) => `Posting to a Teams channel through ${host}.`,
  disconnectTeams: 'Disconnect Teams',
  teamsDisconnected: 'Teams disconnected.',
  // In Slack
  newRole: (title: string, company: string) => `New role at ${company}: ${title}`,
  bonusLine: (words: string) => `Referral bonus: ${words}`,
  openRole: 'Open the role',
  testMessage: 'Referwell is connected: new open roles with a referral bonus will be posted here.',
  accept: 'Accept',
  decline: 'Decline',
  open: 'Open in Referwell',
  notLinked:
    'Your Slack account is not linked to a Referwell member of this company yet. We are looking you up by the e-mail address of your Slack profile: try again in a moment.',
  linkedNow: 'Your Slack account is now linked to Referwell. Please try again.',
  /** Slack and Teams stop while the company's plan does not include them (`slack_teams`). */
  pausedTitle: 'Slack and Teams are paused',
  paused:
    'Your plan no longer includes Slack and Microsoft Teams, so new roles are not posted to your channels and people get their notifications in Referwell and by e-mail only. Choose a plan on the billing page to turn them back on.',
  billingLink: 'Go to the billing page',
  pausedInSlack:
    'Referwell in Slack is paused for your company: its plan no longer includes Slack. You can still refer people on Referwell.',
  cannotLink:
    'No member of this company on Referwell has the e-mail address of your Slack profile. Ask your admin to invite you, or sign up with that address.',
  requestDeclined: 'You declined this referral request.',
  requestAccepted: 'You accepted this referral request: the referral is on its way to the hiring team.',
  acceptTitle: 'Accept the request',
  referTitle: 'Refer someone',
  submit: 'Submit',
  cancel: 'Cancel',
  relationshipLabel: 'How do you know them?',
  noteLabel: 'Note for the hiring team (optional)',
  jobLabel: 'Role',
  nameLabel: 'Their name',
  emailLabel: 'Their e-mail address',
  noOpenRoles: 'Your company has no open roles to refer for right now.',
  referred: (name: string, job: string) =>
    `Thanks! ${name} has been asked by e-mail to confirm the referral for ${job}.`,
  badSignature: 'The request is not signed by Slack.',
} as const;

export const SLACK_CONNECTION_STATUSES = ['pending', 'connected', 'failed'] as const;

export const slackChannelSchema = z.object({ id: z.string(), name: z.string() });

export const chatSettingsSchema = z.object({
  slack: z.object({
    /** Whether this server offers Slack at all (SLACK_* set). */
    available: z.boolean(),
    status: z.enum(['none', ...SLACK_CONNECTION_STATUSES]),
    teamName: z.string().nullable(),
    channel: slackChannelSchema.nullable(),
    channels: z.array(slackChannelSchema),
    lastError: z.string().nullable(),
  }),
  teams: z.object({ connected: z.boolean(), webhookHost: z.string().nullable() }),
});
export type ChatSettings = z.infer<typeof chatSettingsSchema>;

export const slackInstallSchema = z.object({ url: z.url() });

export const slackChannelChoiceSchema = z.object({
  channelId: z.string().trim().min(1, CHAT_MESSAGES.channelUnknown).max(40),
});
export type SlackChannelChoice = z.infer<typeof slackChannelChoiceSchema>;

export const teamsWebhookSchema = z.object({
  webhookUrl: z
    .string()
    .trim()
    .max(2000)
    .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v), CHAT_MESSAGES.teamsUrlInvalid),
});
export type TeamsWebhook = z.infer<typeof teamsWebhookSchema>;

/** Slack's redirect back after the admin approved (or refused) the install. */
export const slackOAuthCallbackQuerySchema = z.object({
  code: z.string().max(500).optional(),
  state: z.string().max(1000).optional(),
  error: z.string().max(200).optional(),
});

/** What our Slack endpoints answer Slack: an empty acknowledgement, a message, or a modal's field errors. */
export const slackAnswerSchema = z
  .object({
    response_type: z.enum(['ephemeral', 'in_channel']).optional(),
    text: z.string().optional(),
    response_action: z.enum(['errors', 'clear', 'update']).optional(),
    errors: z.record(z.string(), z.string()).optional(),
  })
  .strict();
export type SlackAnswer = z.infer<typeof slackAnswerSchema>;
