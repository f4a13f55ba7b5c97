import { z } from 'zod';
import { TWO_FACTOR_MESSAGES } from '../rules/two-factor-texts';

/**
 * A code of the second factor: 6 digits from the authenticator app, or a recovery code (xxxxx-xxxxx). Spaces are
 * ignored, as people copy codes with them.
 */
export const twoFactorCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().min(1, TWO_FACTOR_MESSAGES.codeRequired).max(20, TWO_FACTOR_MESSAGES.codeInvalid));

/** POST /api/auth/login/two-factor, and the account routes that need a code to act. */
export const twoFactorCodeRequestSchema = z.object({ code: twoFactorCodeSchema });
export type TwoFactorCodeRequest = z.input<typeof twoFactorCodeRequestSchema>;

/** GET /api/account/two-factor: whether it is on, and what the account's company asks. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** The company requires two-factor for admins and this account is one of them. */
  required: z.boolean(),
  /** The account has a passkey: it counts as a second factor where the company requires one (ADR 0040). */
  hasPasskey: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /api/account/two-factor/setup: a new secret for the authenticator app, waiting for its first code. */
export const twoFactorSetupSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** The otpauth:// URI the QR code holds. */
  uri: z.string(),
  /** The QR code as an SVG document. */
  qrSvg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** Recovery codes, shown once: after enabling, or when new ones are made. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** GET/PUT /api/companies/:companyId/security: the company's two-factor policy. */
export const companySecuritySchema = z.object({ requireTwoFactorForAdmins: z.boolean() });
export type CompanySecurity = z.infer<typeof companySecuritySchema>;
