import { z } from 'zod';
import { JOB_STATUSES } from './jobs';

// "Who do you know": a person uploads LinkedIn's Connections.csv. A referrer sees which connections fit their
// company's open roles, each with a referral one click away; a job seeker sees which connections are referrers on
// Referwell. Only the matches the person chooses to keep are stored, and they can delete them.

/** 'role': a connection who fits an open role (referrers); 'referrer': a connection who refers on Referwell. */
export const CONNECTION_MATCH_KINDS = ['role', 'referrer'] as const;
export type ConnectionMatchKind = (typeof CONNECTION_MATCH_KINDS)[number];

export const CONNECTIONS_LIMITS = {
  /** LinkedIn caps connections at 30,000: its export of them all is about 5 MB. */
  maxBytes: 10 * 1024 * 1024,
  /** Suggestions shown after an upload, best first. */
  maxSuggestions: 300,
  /** Matches kept in one request. */
  keepAtOnce: 300,
} as const;

/** The columns of LinkedIn's export, in its order; the header may follow a few "Notes:" lines. */
export const LINKEDIN_CONNECTION_COLUMNS = [
  'First Name',
  'Last Name',
  'URL',
  'Email Address',
  'Company',
  'Position',
  'Connected On',
] as const;

export const CONNECTIONS_MESSAGES = {
  fileRequired: 'Choose your Connections.csv file.',
  tooLarge:
    "Connections.csv can be at most 10 MB (LinkedIn's export of 30,000 connections is about 5 MB). Check that you chose the right file.",
  notText: 'This file is not text. Upload the Connections.csv file from your LinkedIn export.',
  notConnections: `This is not LinkedIn's Connections.csv: its columns (${LINKEDIN_CONNECTION_COLUMNS.join(', ')}) are missing.`,
  malformed: (line: number) =>
    `Line ${line} of the file could not be read. Download Connections.csv from LinkedIn again and upload it unchanged.`,
  noConnections: 'The file has no connections in it.',
  timeout: 'Reading your connections took too long. Please try again.',
  tooMany: 'Too many uploads. Please wait a few minutes and try again.',
  needsCompany: "Join your company's team first: your connections are matched to its open roles.",
  onlyPeople: 'Only referrers and job seekers can match their connections.',
  notAMatch: (name: string) => `${name} no longer matches. Upload your connections again.`,
  keptTitle: 'Kept',
  kept: (n: number) => (n === 1 ? '1 connection kept.' : `${n} connections kept.`),
  deleted: 'Connection removed.',
  removeTitle: (name: string) => `Remove ${name}?`,
  removeBody: 'They leave your kept connections. Upload your export again to bring them back.',
  deletedAll: 'All your kept connections are removed.',
  emptyRoles: 'None of these connections fits an open role at your company right now.',
  emptyReferrers: 'None of these connections refers on Referwell yet.',
  noneKept: 'You have not kept any connections yet.',
  referringTitle: (name: string) => `Referring ${name}`,
  referringFound:
    'Searched Referwell for them by name, ranked for the role: if they are listed below, refer them from their card; if not, refer them by their details.',
  referringDetails: 'From your LinkedIn connections',
} as const;

const text = (max: number) => z.string().max(max);
const optional = (max: number) => z.string().max(max).nullable();

/** One row of the export, as read (names trimmed, blanks null, the day as yyyy-mm-dd when it could be read). */
export const linkedInConnectionSchema = z.object({
  firstName: text(200),
  lastName: text(200),
  profileUrl: optional(500),
  email: optional(254),
  company: optional(300),
  position: optional(300),
  connectedOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
});
export type LinkedInConnection = z.infer<typeof linkedInConnectionSchema>;

const companyRefSchema = z.object({ id: z.uuid(), name: z.string(), slug: z.string() });

/** A connection who fits one of the company's open roles: the best one, how well (0-100) and why. */
export const connectionRoleFitSchema = z.object({
  jobId: z.uuid(),
  title: z.string(),
  fitScore: z.number().int(),
  /** The title words and skills the connection's position shares with the role. */
  shared: z.array(z.string()),
});
export type ConnectionRoleFit = z.infer<typeof connectionRoleFitSchema>;

/** A connection who refers on Referwell, and where. */
export const connectionReferrerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  title: z.string().nullable(),
  company: companyRefSchema,
});

export const connectionSuggestionSchema = z.object({
  connection: linkedInConnectionSchema,
  role: connectionRoleFitSchema.nullable(),
  referrer: connectionReferrerSchema.nullable(),
});
export type ConnectionSuggestion = z.infer<typeof connectionSuggestionSchema>;

/** POST /api/connections/import: what the file held and what matched (nothing is stored yet). */
export const connectionsImportSchema = z.object({
  kind: z.enum(CONNECTION_MATCH_KINDS),
  /** Connections read from the file. */
  read: z.number().int(),
  /** Rows without a name, left out. */
  skipped: z.number().int(),
  /** Matches found; the best `CONNECTIONS_LIMITS.maxSuggestions` are listed. */
  total: z.number().int(),
  suggestions: z.array(connectionSuggestionSchema),
});
export type ConnectionsImport = z.infer<typeof connectionsImportSchema>;

/** POST /api/connections/kept: the suggestions to keep (the server checks each still matches). */
export const keepConnectionsSchema = z.object({
  items: z
    .array(
      z
        .object({
          connection: linkedInConnectionSchema.refine((c) => c.firstName || c.lastName, 'A connection needs a name'),
          jobId: z.uuid().optional(),
          referrerId: z.uuid().optional(),
        })
        .refine((item) => (item.jobId === undefined) !== (item.referrerId === undefined), 'Keep a role or a referrer'),
    )
    .min(1)
    .max(CONNECTIONS_LIMITS.keepAtOnce),
});
export type KeepConnections = z.input<typeof keepConnectionsSchema>;

export const keptConnectionSchema = z.object({
  id: z.uuid(),
  kind: z.enum(CONNECTION_MATCH_KINDS),
  connection: linkedInConnectionSchema,
  role: connectionRoleFitSchema
    .omit({ shared: true })
    .extend({ status: z.enum(JOB_STATUSES) })
    .nullable(),
  referrer: connectionReferrerSchema.nullable(),
  createdAt: z.string(),
});
export type KeptConnection = z.infer<typeof keptConnectionSchema>;

export const keptConnectionsSchema = z.object({ items: z.array(keptConnectionSchema) });
export type KeptConnections = z.infer<typeof keptConnectionsSchema>;

/**
 * "Refer" on a connection, carried in the address: Find Candidates opened for the job (`jobId`), searched for the
 * person by name (`q`, so someone already on Referwell is listed and referred from their card), with the person's
 * details for the refer-someone form (`refer=someone`, `name`, `email`, `linkedinUrl`: the names of the external
 * referral's fields, issue 32).
 */
export const referSomeonePrefillSchema = z.object({
  refer: z.enum(['someone']).optional(),
  jobId: z.uuid().optional(),
  q: z.string().max(120).optional(),
  name: z.string().max(120).optional(),
  email: z.string().max(254).optional(),
  linkedinUrl: z.string().max(300).optional(),
});
export type ReferSomeonePrefill = z.infer<typeof referSomeonePrefillSchema>;
