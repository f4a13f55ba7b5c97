import { z } from 'zod';

/** The URNs of SCIM 2.0 (RFC 7643 §8.7.1, RFC 7644 §3.4.2, §3.5.2, §3.12). */
export const SCIM_SCHEMAS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  enterpriseUser: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

/** A boolean as identity providers send it: Entra sends "True"/"False" as strings. */
export const scimBooleanSchema = z.union([z.boolean(), z.enum(['true', 'false', 'True', 'False', 'TRUE', 'FALSE'])]);

/** POST and PUT /scim/v2/Users: the attributes Referwell keeps; everything else an IdP sends is accepted and ignored. */
export const scimUserInputSchema = z.looseObject({
  userName: z.string().trim().min(1).max(320),
  externalId: z.string().max(500).nullish(),
  active: scimBooleanSchema.optional(),
  displayName: z.string().max(200).nullish(),
  name: z
    .looseObject({
      givenName: z.string().max(200).nullish(),
      familyName: z.string().max(200).nullish(),
      formatted: z.string().max(400).nullish(),
    })
    .nullish(),
  emails: z
    .array(
      z.looseObject({
        value: z.string().max(320),
        type: z.string().max(50).nullish(),
        primary: z.unknown().optional(),
      }),
    )
    .max(20)
    .nullish(),
});
export type ScimUserInput = z.infer<typeof scimUserInputSchema>;

/** POST /scim/v2/Groups. */
export const scimGroupInputSchema = z.looseObject({
  displayName: z.string().trim().min(1).max(200),
  externalId: z.string().max(500).nullish(),
  members: z
    .array(z.looseObject({ value: z.string().max(100) }))
    .max(10_000)
    .nullish(),
});
export type ScimGroupInput = z.infer<typeof scimGroupInputSchema>;

/** PATCH (RFC 7644 §3.5.2): Okta writes ops in lower case, Entra capitalised ("Replace"); both are taken. */
export const scimPatchSchema = z.looseObject({
  schemas: z.array(z.string()).optional(),
  Operations: z
    .array(
      z.looseObject({ op: z.string().max(20), path: z.string().max(500).optional(), value: z.unknown().optional() }),
    )
    .min(1)
    .max(1000),
});
export type ScimPatch = z.infer<typeof scimPatchSchema>;

/** GET /scim/v2/Users and /Groups (RFC 7644 §3.4.2). */
export const scimListQuerySchema = z.looseObject({
  filter: z.string().max(1000).optional(),
  startIndex: z.coerce.number().int().optional(),
  count: z.coerce.number().int().optional(),
  attributes: z.string().max(1000).optional(),
  excludedAttributes: z.string().max(1000).optional(),
});
export type ScimListQuery = z.infer<typeof scimListQuerySchema>;

/** A SCIM resource or message as answered (its shape is RFC 7643's; not re-validated on the way out). */
export const scimResourceSchema = z.record(z.string(), z.unknown());

/** GET /api/companies/:companyId/scim: whether a token exists (never the token), and the admin group's name. */
export const scimSettingsSchema = z.object({
  hasToken: z.boolean(),
  createdAt: z.string().nullable(),
  adminGroup: z.string(),
  /** The base URL to give the identity provider. */
  baseUrl: z.string(),
});
export type ScimSettings = z.infer<typeof scimSettingsSchema>;

/** POST /api/companies/:companyId/scim/token: a new token (the old one stops working), shown this once. */
export const scimTokenRequestSchema = z.object({ adminGroup: z.string().trim().min(1).max(200).optional() });
export const scimTokenResponseSchema = scimSettingsSchema.extend({ token: z.string() });
export type ScimTokenResponse = z.infer<typeof scimTokenResponseSchema>;
