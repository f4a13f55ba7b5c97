import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalText = z
  .string()
  .optional()
  .transform((v) => v || undefined);

const stripePrice = optionalText.pipe(
  z
    .string()
    .regex(/^price_\w+$/, 'must be a Stripe price id (price_…)')
    .optional(),
);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DATA_ENCRYPTION_KEY: optionalText.pipe(
    z
      .string()
      .refine(
        (v) => Buffer.from(v.trim(), /[-_]/.test(v) ? 'base64url' : 'base64').length === 32,
        'must be 32 random bytes in base64 (openssl rand -base64 32)',
      )
      .optional(),
  ),
  DATA_ENCRYPTION_KEYS_OLD: z
    .string()
    .default('')
    .refine(
      (v) =>
        v
          .split(',')
          .every(
            (s) => s.trim() === '' || Buffer.from(s.trim(), /[-_]/.test(s) ? 'base64url' : 'base64').length === 32,
          ),
      'must be a comma-separated list of 32-byte keys in base64 (the keys DATA_ENCRYPTION_KEY had before)',
    ),
  PUBLIC_URL: z.url({ error: 'must be a full URL such as https://referwell.example' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO_DATA: booleanFromEnv.optional(),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: booleanFromEnv.default(false),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default('Referwell <no-reply@referwell.local>'),
  QUEUE_CONCURRENCY: z.coerce.number().int().min(0).max(100).default(4),
  PRELAUNCH: booleanFromEnv.default(false),
  DEV_ROUTES: booleanFromEnv.default(false),
  OUTBOUND_ALLOW_HOSTS: z.string().default(''),
  SSO_DNS_SERVERS: z
    .string()
    .default('')
    .refine(
      (v) => v.split(',').every((s) => s.trim() === '' || /^[\w.:[\]-]+$/.test(s.trim())),
      'must be a comma-separated list of DNS servers (address or address:port)',
    ),
  GREENHOUSE_API_URL: z.url().default('https://boards-api.greenhouse.io/v1/boards'),
  LEVER_API_URL: z.url().default('https://api.lever.co/v0/postings'),
  ASHBY_API_URL: z.url().default('https://api.ashbyhq.com/posting-api/job-board'),
  WORKABLE_API_URL: z.url().default('https://apply.workable.com/api/v1/widget/accounts'),
  GREENHOUSE_HARVEST_URL: z.url().default('https://harvest.greenhouse.io/v1'),
  LEVER_DATA_API_URL: z.url().default('https://api.lever.co/v1'),
  ASHBY_DATA_API_URL: z.url().default('https://api.ashbyhq.com'),
  ATS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  LLM_API_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  RATE_LIMIT_SCALE: z.coerce.number().positive().max(10_000).default(1),
  JOBSEEKER_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(24),
  REALTIME_MAX_SOCKETS: z.coerce.number().int().positive().default(5_000),
  CONNECTIONS_PER_IP: z.coerce.number().int().min(0).max(1_000_000).optional(),
  DB_LIVENESS_GRACE: z.coerce.number().min(0).max(86_400).default(60),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ENDPOINT: z
    .url({ error: 'must be a full URL such as https://s3.example.com' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: booleanFromEnv.optional(),
  // Stripe: all of the key, the webhook secret and the four price ids, or none (self-hosted: every capability on).
  STRIPE_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret or restricted key (sk_… or rk_…)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^whsec_\w+$/, "must be the webhook endpoint's signing secret (whsec_…)")
      .optional(),
  ),
  STRIPE_PRICE_MONTHLY: stripePrice,
  STRIPE_PRICE_ENTERPRISE: stripePrice,
  STRIPE_PRICE_BETA: stripePrice,
  STRIPE_PRICE_BETA_YEAR: stripePrice,
  STRIPE_API_URL: z
    .url({ error: 'must be a full URL such as https://api.stripe.com' })
    .regex(/^https?:\/\//, 'must be an http(s):// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  STRIPE_TRIAL_DAYS: z.coerce.number().int().min(0).max(730).default(14),
  STRIPE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  // Slack: the app's client id, client secret and signing secret, or none (no Slack connection offered).
  SLACK_CLIENT_ID: optionalText,
  SLACK_CLIENT_SECRET: optionalText,
  SLACK_SIGNING_SECRET: optionalText,
  SLACK_API_URL: z
    .url({ error: 'must be a full URL such as https://slack.com/api' })
    .regex(/^https?:\/\//, 'must be an http(s):// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Unset: the 'Book a 30-minute call' link leads to the waitlist form, which lands in the database.
  BOOKING_URL: z
    .string()
    .regex(/^(https?:\/\/|mailto:)/, 'must be an http(s):// or mailto: link')
    .optional(),
  // Platform operators (comma-separated e-mails): they load the LEIE exclusion list (issue 36).
  PLATFORM_ADMIN_EMAILS: z.string().optional(),
  // Where the queue fetches the LEIE CSV (HHS-OIG's UPDATED.csv); unset: only uploads.
  LEIE_URL: z.url({ protocol: /^https?$/ }).optional(),
});

/**
 * A browser opens at most 6 HTTP/1.1 connections to a site, plus a realtime socket per tab: 256 lets a few dozen
 * people behind one NAT in, while a flood of slow connections from one address holds at most 256 descriptors.
 */
export const DEFAULT_CONNECTIONS_PER_IP = 256;

/** Environment variables as strings, the way process.env holds them. */
export type Env = Partial<Record<keyof z.input<typeof envSchema>, string>>;

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Port of the embedded PostgreSQL on 127.0.0.1 (without DATABASE_URL); 0 picks a free one at each start. */
  embeddedPgPort: number;
  /**
   * DATA_ENCRYPTION_KEY: seals secrets at rest (lib/secrets.ts). Unset without DATABASE_URL: generated once and kept
   * owner-only in DATA_DIR; required with DATABASE_URL.
   */
  dataEncryptionKey: string | undefined;
  /**
   * DATA_ENCRYPTION_KEYS_OLD: the keys DATA_ENCRYPTION_KEY had before (comma-separated). They still open what they
   * sealed; a queued re-seal moves every sealed value to the current key (lib/sealed-columns.ts, ADR 0038).
   */
  dataEncryptionKeysOld: string[];
  /** SESSION_SECRET; when unset the app uses one generated once and kept in the database (shared by every instance). */
  sessionSecret: string | undefined;
  publicUrl: string;
  secureCookies: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  seedDemoData: boolean;
  webDistDir: string;
  trustProxy: boolean;
  /** SMTP server for outgoing mail; without it mail is written to DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Background jobs this process runs at once; 0 = this process only enqueues (others drain the queue). */
  queueConcurrency: number;
  /** Reproduces the spec's pre-launch site: no logins, header always logged out. */
  prelaunch: boolean;
  /** Serves the developer pages under /api/dev (mail template previews); off unless DEV_ROUTES is set, in any NODE_ENV. */
  devRoutes: boolean;
  /** Hosts ("host" or "host:port") the outbound fetcher may reach even on private addresses. */
  outboundAllowHosts: string[];
  /** DNS servers ("address" or "address:port") asked for domain verification records; empty: the system's. */
  ssoDnsServers: string[];
  /** Public job-board API base URLs of the applicant-tracking systems the job import knows (tests point them locally). */
  atsApis: { greenhouse: string; lever: string; ashby: string; workable: string };
  /** The ATS integrations' private API base URLs (issue 33; tests point them at fakes on loopback). */
  atsIntegrationApis: { greenhouse: string; lever: string; ashby: string };
  /** How long one call to an ATS may take before it counts as no answer (and is retried). */
  atsTimeoutMs: number;
  /** OpenAI-compatible endpoint for job extraction from unstructured pages; off unless LLM_API_URL and LLM_API_KEY are set. */
  llm: { apiUrl: string; apiKey: string; model: string } | null;
  /** Multiplies every login/reset/sign-up limit (1 in production). */
  rateLimitScale: number;
  /** JOBSEEKER_RETENTION_MONTHS: a job seeker's profile is erased this long after their last sign-in unless renewed. */
  jobseekerRetentionMonths: number;
  /** Open realtime sockets this process holds at most (more are refused with 503 at the handshake). */
  realtimeMaxSockets: number;
  /** Seconds the database may be out of reach before /api/health/live answers 503 (0: liveness ignores it). */
  dbLivenessGraceSeconds: number;
  /** TCP connections one client address (IPv6: one /64) may hold open at once; 0 = no cap (behind a proxy). */
  maxConnectionsPerAddress: number;
  /** Where 'Book a 30-minute call' on the companies beta page leads. */
  /** Where 'Book a 30-minute call' leads; unset: the waitlist. */
  bookingUrl: string | undefined;
  /** Where uploaded files are kept: the database unless S3_* is set. */
  storage: StorageConfig;
  /** PLATFORM_ADMIN_EMAILS, lowercased: the platform's operators (the `platformAdmin` route role). */
  platformAdminEmails: string[];
  /** LEIE_URL: the HHS-OIG exclusion list CSV the queue fetches; null: uploads only. */
  leieUrl: string | null;
  /** Plans and billing through Stripe; null without STRIPE_* (self-hosted: every capability on). */
  stripe: StripeConfig | null;
  /** The Slack app companies install (SLACK_*); null: no Slack connection is offered. */
  slack: SlackConfig | null;
}

export interface SlackConfig {
  clientId: string;
  clientSecret: string;
  /** Verifies requests Slack sends (interactivity, slash commands): v0 HMAC-SHA256. */
  signingSecret: string;
  /** The Web API's base URL: Slack's own unless a test points it at a local fake. */
  apiUrl: string;
  /** Where an admin is sent to approve the install (Slack's own unless a test says otherwise). */
  authorizeUrl: string;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** The Stripe price of each plan (packages/shared rules/plans.ts). */
  prices: { monthly: string; enterprise: string; beta: string; beta_year: string };
  /** The API's base URL: Stripe's own unless a test points the client at a local server. */
  apiUrl: string;
  /** Days of free trial a company's first checkout starts with (0: none). */
  trialDays: number;
  /** How long a call to Stripe may take before it is given up (a waiting admin gets a 502). */
  timeoutMs: number;
}

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Unset for AWS itself; the server's URL for MinIO, Ceph, R2, Garage and the like. */
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key`: what most self-hosted servers need. */
  forcePathStyle: boolean;
  /** Where streamed files are spooled before they are sent (the OS temporary directory unless set). */
  spoolDir?: string;
}

/** Where uploaded files are kept (lib/storage): the database, or an S3-compatible server. */
export type StorageConfig = { provider: 'database' } | ({ provider: 's3' } & S3StorageOptions);

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment once; lists every bad variable in one error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, defaults: { webDistDir?: string } = {}): Config {
  const result = envSchema.safeParse(env);
  const problems = [
    ...(result.error?.issues ?? []).map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    ...missingS3Settings(env),
    ...missingStripeSettings(env),
    ...missingSlackSettings(env),
    ...(env.DATABASE_URL && !env.DATA_ENCRYPTION_KEY
      ? [
          'DATA_ENCRYPTION_KEY: required with DATABASE_URL (32 random bytes in base64: openssl rand -base64 32), the same for every instance',
        ]
      : []),
  ];
  if (!result.success || problems.length > 0) throw new ConfigError(problems);
  const e = result.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    sessionSecret: e.SESSION_SECRET,
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY,
    dataEncryptionKeysOld: e.DATA_ENCRYPTION_KEYS_OLD.split(',')
      .map((key) => key.trim())
      .filter(Boolean),
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    logLevel: e.LOG_LEVEL,
    // Demo logins share a published password: never by default in production.
    seedDemoData: e.SEED_DEMO_DATA ?? e.NODE_ENV !== 'production',
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? defaults.webDistDir ?? 'apps/web/dist'),
    trustProxy: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    queueConcurrency: e.QUEUE_CONCURRENCY,
    prelaunch: e.PRELAUNCH,
    devRoutes: e.DEV_ROUTES,
    bookingUrl: e.BOOKING_URL,
    platformAdminEmails: (e.PLATFORM_ADMIN_EMAILS ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    leieUrl: e.LEIE_URL ?? null,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    jobseekerRetentionMonths: e.JOBSEEKER_RETENTION_MONTHS,
    realtimeMaxSockets: e.REALTIME_MAX_SOCKETS,
    dbLivenessGraceSeconds: e.DB_LIVENESS_GRACE,
    // Behind a reverse proxy (TRUST_PROXY) every connection comes from the proxy: its cap is the proxy's job.
    maxConnectionsPerAddress: e.CONNECTIONS_PER_IP ?? (e.TRUST_PROXY ? 0 : DEFAULT_CONNECTIONS_PER_IP),
    outboundAllowHosts: parseAllowHosts(e.OUTBOUND_ALLOW_HOSTS),
    atsIntegrationApis: {
      greenhouse: e.GREENHOUSE_HARVEST_URL.replace(/\/+$/, ''),
      lever: e.LEVER_DATA_API_URL.replace(/\/+$/, ''),
      ashby: e.ASHBY_DATA_API_URL.replace(/\/+$/, ''),
    },
    atsTimeoutMs: e.ATS_TIMEOUT_MS,
    ssoDnsServers: e.SSO_DNS_SERVERS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    atsApis: {
      greenhouse: e.GREENHOUSE_API_URL.replace(/\/+$/, ''),
      lever: e.LEVER_API_URL.replace(/\/+$/, ''),
      ashby: e.ASHBY_API_URL.replace(/\/+$/, ''),
      workable: e.WORKABLE_API_URL.replace(/\/+$/, ''),
    },
    llm:
      e.LLM_API_URL && e.LLM_API_KEY
        ? { apiUrl: e.LLM_API_URL.replace(/\/+$/, ''), apiKey: e.LLM_API_KEY, model: e.LLM_MODEL }
        : null,
    storage:
      e.S3_BUCKET && e.S3_REGION && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            provider: 's3',
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
          }
        : { provider: 'database' },
    stripe:
      e.STRIPE_SECRET_KEY &&
      e.STRIPE_WEBHOOK_SECRET &&
      e.STRIPE_PRICE_MONTHLY &&
      e.STRIPE_PRICE_ENTERPRISE &&
      e.STRIPE_PRICE_BETA &&
      e.STRIPE_PRICE_BETA_YEAR
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            prices: {
              monthly: e.STRIPE_PRICE_MONTHLY,
              enterprise: e.STRIPE_PRICE_ENTERPRISE,
              beta: e.STRIPE_PRICE_BETA,
              beta_year: e.STRIPE_PRICE_BETA_YEAR,
            },
            apiUrl: (e.STRIPE_API_URL ?? 'https://api.stripe.com').replace(/\/+$/, ''),
            trialDays: e.STRIPE_TRIAL_DAYS,
            timeoutMs: e.STRIPE_TIMEOUT_MS,
          }
        : null,
    slack:
      e.SLACK_CLIENT_ID && e.SLACK_CLIENT_SECRET && e.SLACK_SIGNING_SECRET
        ? {
            clientId: e.SLACK_CLIENT_ID,
            clientSecret: e.SLACK_CLIENT_SECRET,
            signingSecret: e.SLACK_SIGNING_SECRET,
            apiUrl: (e.SLACK_API_URL ?? 'https://slack.com/api').replace(/\/+$/, ''),
            authorizeUrl: 'https://slack.com/oauth/v2/authorize',
          }
        : null,
  };
}

const SLACK_REQUIRED = ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET', 'SLACK_SIGNING_SECRET'] as const;

/** Slack is all or nothing: an install without the signing secret could not check what Slack sends back. */
function missingSlackSettings(env: NodeJS.ProcessEnv): string[] {
  const given = [...SLACK_REQUIRED, 'SLACK_API_URL'].filter((name) => env[name]);
  if (given.length === 0) return [];
  return SLACK_REQUIRED.filter((name) => !env[name]).map(
    (name) => `${name}: required for Slack (set all of ${SLACK_REQUIRED.join(', ')}, or none to run without Slack)`,
  );
}

const STRIPE_REQUIRED = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_MONTHLY',
  'STRIPE_PRICE_ENTERPRISE',
  'STRIPE_PRICE_BETA',
  'STRIPE_PRICE_BETA_YEAR',
] as const;

/** Billing is all or nothing too: a key without its webhook secret (or a plan without its price) cannot take money. */
function missingStripeSettings(env: NodeJS.ProcessEnv): string[] {
  const given = [...STRIPE_REQUIRED, 'STRIPE_API_URL'].filter((name) => env[name]);
  if (given.length === 0) return [];
  return STRIPE_REQUIRED.filter((name) => !env[name]).map(
    (name) =>
      `${name}: required for billing (set all of ${STRIPE_REQUIRED.join(', ')}, or none to run without billing)`,
  );
}

const S3_REQUIRED = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_OPTIONAL = ['S3_ENDPOINT', 'S3_FORCE_PATH_STYLE'] as const;

/** S3 storage is all or nothing: half a configuration must not quietly fall back to the database. */
function missingS3Settings(env: NodeJS.ProcessEnv): string[] {
  const given = [...S3_REQUIRED, ...S3_OPTIONAL].filter((name) => env[name]);
  if (given.length === 0) return [];
  return S3_REQUIRED.filter((name) => !env[name]).map(
    (name) =>
      `${name}: required for S3 file storage (${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} set; set all of ${S3_REQUIRED.join(', ')}, or none to keep files in the database)`,
  );
}

/** OUTBOUND_ALLOW_HOSTS as a list. */
export function parseAllowHosts(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
}
