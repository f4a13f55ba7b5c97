// Single sign-on per company (issue 34): verified e-mail domains, the company's identity provider (OpenID Connect or
// SAML 2.0), and where the login page sends a person whose address is on a verified domain.
import { z } from 'zod';
import { SSO_MESSAGES } from '../rules/sso-texts';
import { emailSchema } from './auth';

export * from '../rules/sso-texts';

/** A DNS name: labels of letters, digits and hyphens, at least one dot, no trailing dot; stored lower-case. */
export const ssoDomainSchema = z
  .string({ error: SSO_MESSAGES.domainInvalid })
  .trim()
  .toLowerCase()
  .max(253, SSO_MESSAGES.domainInvalid)
  .regex(/^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/, SSO_MESSAGES.domainInvalid)
  .refine((v) => /[a-z]/.test(v.slice(v.lastIndexOf('.') + 1)), SSO_MESSAGES.domainInvalid);

export const addSsoDomainSchema = z.object({ domain: ssoDomainSchema });
export type AddSsoDomain = z.infer<typeof addSsoDomainSchema>;

/** The TXT record's value, at the domain itself: `referwell-domain-verification=<token>`. */
export const SSO_TXT_PREFIX = 'referwell-domain-verification=';

export const ssoDomainSchemaOut = z.object({
  id: z.uuid(),
  domain: z.string(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  /** How it was proved: 'dns' or 'mail'; null until verified. */
  method: z.enum(['dns', 'mail']).nullable(),
  /** The TXT record to publish (name and value). */
  txtRecord: z.object({ name: z.string(), value: z.string() }),
});
export type SsoDomain = z.infer<typeof ssoDomainSchemaOut>;

export const ssoDomainListSchema = z.object({ items: z.array(ssoDomainSchemaOut) });
export type SsoDomainList = z.infer<typeof ssoDomainListSchema>;

/** The local part of an address at the domain (it, postmaster, …): the server adds `@domain`. */
export const ssoDomainMailSchema = z.object({
  localPart: z
    .string({ error: SSO_MESSAGES.required })
    .trim()
    .min(1, SSO_MESSAGES.required)
    .max(64, SSO_MESSAGES.mailAddressNotOnDomain)
    .regex(/^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+$/, SSO_MESSAGES.mailAddressNotOnDomain),
});
export type SsoDomainMail = z.infer<typeof ssoDomainMailSchema>;

export const ssoDomainVerifyLinkSchema = z.object({ token: z.string().min(1).max(200) });

export const SSO_PROTOCOLS = ['oidc', 'saml'] as const;
export type SsoProtocol = (typeof SSO_PROTOCOLS)[number];

const httpsUrl = z
  .string({ error: SSO_MESSAGES.urlInvalid })
  .trim()
  .max(2000, SSO_MESSAGES.urlInvalid)
  .pipe(z.url({ protocol: /^https?$/, error: SSO_MESSAGES.urlInvalid }));

const groupList = z
  .array(z.string().trim().min(1).max(200))
  .max(50)
  .transform((groups) => [...new Set(groups)]);

/**
 * The company's identity provider. A client secret is write-only: omitted (or empty) keeps the saved one. The groups
 * that make an admin (the IdP's `groups` claim or SAML attribute); everyone else joins as a referrer (member).
 */
export const ssoConnectionInputSchema = z.object({
  protocol: z.enum(SSO_PROTOCOLS),
  enabled: z.boolean(),
  requireSso: z.boolean(),
  adminGroups: groupList.default([]),
  oidc: z
    .object({
      issuer: httpsUrl,
      clientId: z.string().trim().min(1, SSO_MESSAGES.required).max(500),
      clientSecret: z.string().max(2000).optional(),
    })
    .nullable()
    .default(null),
  saml: z
    .object({
      entryPoint: httpsUrl,
      idpIssuer: z.string().trim().min(1, SSO_MESSAGES.required).max(2000),
      certificate: z
        .string()
        .trim()
        .min(1, SSO_MESSAGES.samlCertificateInvalid)
        .max(20_000, SSO_MESSAGES.samlCertificateInvalid),
    })
    .nullable()
    .default(null),
});
export type SsoConnectionInput = z.input<typeof ssoConnectionInputSchema>;

export const ssoConnectionSchema = z.object({
  protocol: z.enum(SSO_PROTOCOLS).nullable(),
  enabled: z.boolean(),
  requireSso: z.boolean(),
  adminGroups: z.array(z.string()),
  oidc: z.object({ issuer: z.string(), clientId: z.string(), hasClientSecret: z.boolean() }).nullable(),
  saml: z.object({ entryPoint: z.string(), idpIssuer: z.string(), certificate: z.string() }).nullable(),
  /** What to register at the identity provider. */
  oidcRedirectUri: z.string(),
  samlAcsUrl: z.string(),
  samlEntityId: z.string(),
});
export type SsoConnection = z.infer<typeof ssoConnectionSchema>;

/** The login page asks where an address signs in. */
export const ssoStartSchema = z.object({ email: emailSchema, returnTo: z.string().max(2000).optional() });
export const ssoStartResponseSchema = z.object({
  /** The identity provider's sign-in page to send the browser to; null: this address signs in with a password. */
  redirectUrl: z.string().nullable(),
  /** Why the address signs in with a password although its company set up single sign-on (its plan paused it). */
  notice: z.string().nullable(),
});
export type SsoStartResponse = z.infer<typeof ssoStartResponseSchema>;

/** The security page's form: either protocol's fields (the admin groups one per line); sent as ssoConnectionInputSchema. */
export const ssoConnectionFormSchema = z
  .object({
    protocol: z.enum(SSO_PROTOCOLS),
    issuer: z.string().trim().max(2000),
    clientId: z.string().trim().max(500),
    clientSecret: z.string().max(2000),
    entryPoint: z.string().trim().max(2000),
    idpIssuer: z.string().trim().max(2000),
    certificate: z.string().trim().max(20_000),
    adminGroups: z.string().max(10_000),
    enabled: z.boolean(),
    requireSso: z.boolean(),
  })
  .superRefine((form, ctx) => {
    const need = (field: keyof typeof form, ok: boolean, message: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', path: [field], message });
    };
    const isUrl = (v: string) => httpsUrl.safeParse(v).success;
    if (form.protocol === 'oidc') {
      need('issuer', isUrl(form.issuer), SSO_MESSAGES.urlInvalid);
      need('clientId', form.clientId.length > 0, SSO_MESSAGES.required);
    } else {
      need('entryPoint', isUrl(form.entryPoint), SSO_MESSAGES.urlInvalid);
      need('idpIssuer', form.idpIssuer.length > 0, SSO_MESSAGES.required);
      need('certificate', form.certificate.length > 0, SSO_MESSAGES.samlCertificateInvalid);
    }
  });
export type SsoConnectionForm = z.infer<typeof ssoConnectionFormSchema>;

/** The form's values as the connection the API takes. */
export const connectionInputOf = (form: SsoConnectionForm): SsoConnectionInput => ({
  protocol: form.protocol,
  enabled: form.enabled,
  requireSso: form.requireSso,
  adminGroups: form.adminGroups
    .split('\n')
    .map((g) => g.trim())
    .filter(Boolean),
  oidc:
    form.protocol === 'oidc'
      ? {
          issuer: form.issuer,
          clientId: form.clientId,
          ...(form.clientSecret ? { clientSecret: form.clientSecret } : {}),
        }
      : null,
  saml:
    form.protocol === 'saml'
      ? { entryPoint: form.entryPoint, idpIssuer: form.idpIssuer, certificate: form.certificate }
      : null,
});
