import { z } from 'zod';
import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX } from '../rules/passkey-texts';
import { twoFactorCodeSchema } from './two-factor';

/** Base64url as WebAuthn's JSON encodings carry binary fields (attestation objects stay under a few KB). */
const b64url = (max: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]*$/, 'Expected base64url')
    .max(max);

export const passkeyNameSchema = z
  .string({ error: PASSKEY_MESSAGES.nameRequired })
  .trim()
  .min(1, PASSKEY_MESSAGES.nameRequired)
  .max(PASSKEY_NAME_MAX, PASSKEY_MESSAGES.nameTooLong);

/** A passkey as its owner sees it: never the key material. */
export const passkeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced to a cloud account (iCloud Keychain, Google Password Manager), or bound to one device. */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** GET /api/account/passkeys. `codeNeeded`: two-factor is on, so adding or removing one asks for a code. */
export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema), codeNeeded: z.boolean() });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

/** POST /api/account/passkeys/options and DELETE /api/account/passkeys/:id: a code while two-factor is on. */
export const passkeyChangeRequestSchema = z.object({ code: twoFactorCodeSchema.optional() });
export type PasskeyChangeRequest = z.input<typeof passkeyChangeRequestSchema>;

const transportsSchema = z.array(z.string().max(20)).max(10);
const descriptorSchema = z.object({ id: z.string(), type: z.string(), transports: transportsSchema.optional() });

/**
 * The options the browser passes to navigator.credentials.create() (WebAuthn L3 §5.4, its JSON form
 * PublicKeyCredentialCreationOptionsJSON), as @simplewebauthn/server makes them.
 */
export const passkeyCreationOptionsSchema = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(descriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.string().optional(),
      residentKey: z.string().optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: z.string().optional(),
    })
    .optional(),
  hints: z.array(z.string()).optional(),
  attestation: z.string().optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});

/** The options of navigator.credentials.get() (L3 §5.5, PublicKeyCredentialRequestOptionsJSON). */
export const passkeyRequestOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(descriptorSchema).optional(),
  userVerification: z.string().optional(),
  hints: z.array(z.string()).optional(),
});

/** RegistrationResponseJSON (WebAuthn L3 §5.1, toJSON()): what navigator.credentials.create() answered. */
export const registrationResponseSchema = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  response: z.object({
    clientDataJSON: b64url(4000),
    attestationObject: b64url(12000),
    transports: transportsSchema.optional(),
    authenticatorData: b64url(12000).optional(),
    publicKey: b64url(4000).optional(),
    publicKeyAlgorithm: z.number().optional(),
  }),
});

/** AuthenticationResponseJSON: what navigator.credentials.get() answered. */
export const authenticationResponseSchema = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  response: z.object({
    clientDataJSON: b64url(4000),
    authenticatorData: b64url(4000),
    signature: b64url(1000),
    userHandle: b64url(200).optional(),
  }),
});

/** POST /api/account/passkeys: the browser's answer to the options, and the name to keep it under. */
export const passkeyRegisterRequestSchema = z.object({
  name: passkeyNameSchema.optional(),
  response: registrationResponseSchema,
});
export type PasskeyRegisterRequest = z.input<typeof passkeyRegisterRequestSchema>;

/** PATCH /api/account/passkeys/:id. */
export const passkeyRenameSchema = z.object({ name: passkeyNameSchema });
export type PasskeyRename = z.infer<typeof passkeyRenameSchema>;

/** POST /api/auth/passkey/verify: the browser's answer to the sign-in options. */
export const passkeySignInRequestSchema = z.object({ response: authenticationResponseSchema });
export type PasskeySignInRequest = z.input<typeof passkeySignInRequestSchema>;

/** The settings form that adds a passkey: its name, and a two-factor code while two-factor is on. */
export const passkeyAddFormSchema = z.object({
  name: passkeyNameSchema,
  code: z.string().trim().max(40).optional(),
});
export type PasskeyAddForm = z.input<typeof passkeyAddFormSchema>;
