// Single sign-on per company (issue 34): verified e-mail domains, the company's identity provider (OpenID Connect or
// SAML 2.0), and where the login page sends a person whose address is on a verified domain.
import { z } from 'zod';
import { AUTH_FORM_ERRORS } from '../rules/auth-forms';
import { emailSchema } from './auth';

export const SSO_MESSAGES = {
  pageTitle: 'Security',
  pageDescription: 'Single sign-on for your team: the e-mail domains you own and your identity provider.',
  domainsHeading: 'Verified e-mail domains',
  domainsEmpty:
    'No domains yet. Add the domain of your work e-mail addresses to sign your team in with your identity provider.',
  domainLabel: 'Domain',
  domainPlaceholder: 'acme-health.com',
  addDomain: 'Add domain',
  domainAdded: 'Domain added. Prove you own it with a DNS record or an e-mail.',
  domainInvalid: 'Please enter a domain name such as acme-health.com',
  domainTaken: 'Another company has already verified this domain.',
  domainAlreadyAdded: 'This domain is already on your list.',
  domainNotFound: 'Domain not found.',
  domainRemoved: 'Domain removed.',
  removeDomain: 'Remove',
  verified: 'Verified',
  pending: 'Not verified yet',
  dnsInstructions: 'Add this TXT record at your DNS provider, then check it:',
  checkDns: 'Check DNS record',
  dnsVerified: 'Domain verified.',
  dnsNotFound: 'The TXT record was not found yet. DNS changes can take a while to appear; try again later.',
  dnsFailed: 'Could not look up the domain’s DNS records. Please try again later.',
  mailInstructions: 'Or send a link to an address at the domain (such as it@ or postmaster@):',
  mailLocalPartLabel: 'Address at the domain',
  sendMail: 'Send link',
  mailSent: 'Link sent. The domain is verified when someone opens it.',
  mailAddressNotOnDomain: 'The address must be at the domain being verified.',
  verifyLinkInvalid: 'This verification link is invalid or has expired.',
  verifyLinkDone: 'The domain is verified. Your company can now sign its people in with single sign-on.',
  connectionHeading: 'Identity provider',
  connectionSaved: 'Single sign-on settings saved.',
  protocolLabel: 'Protocol',
  issuerLabel: 'Issuer URL',
  clientIdLabel: 'Client ID',
  clientSecretLabel: 'Client secret',
  clientSecretKept: 'A client secret is saved. Leave empty to keep it.',
  clientSecretRequired: 'Please enter the client secret',
  samlEntryPointLabel: 'IdP single sign-on URL',
  samlIssuerLabel: 'IdP entity ID',
  samlCertificateLabel: 'IdP signing certificate (PEM)',
  samlCertificateInvalid: 'Please paste the IdP’s X.509 signing certificate (PEM)',
  enabledLabel: 'Sign people on verified domains in with this identity provider',
  requireSsoLabel: 'Require single sign-on (password sign-in and password reset are turned off for verified domains)',
  groupRolesLabel: 'Groups that make an admin (one per line)',
  callbackUrlLabel: 'Redirect URI to register at your identity provider',
  acsUrlLabel: 'Assertion consumer service URL',
  entityIdLabel: 'Service provider entity ID',
  saveConnection: 'Save',
  enableNeedsDomain: 'Verify at least one domain before turning single sign-on on.',
  requireNeedsEnabled: 'Turn single sign-on on before requiring it.',
  urlInvalid: 'Please enter a valid https:// URL',
  required: 'This field is required',
  /** Login page. */
  continueWithSso: 'Continue with single sign-on',
  ssoRedirecting: 'Taking you to your company’s sign-in page…',
  ssoRequired: AUTH_FORM_ERRORS['sso-required'],
  ssoRequiredReset:
    'Your company signs you in with single sign-on: your password is managed by your company’s identity provider.',
  ssoNotAvailable: 'Single sign-on is not set up for this e-mail address. Please sign in with your password.',
} as const;

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
});
export type SsoStartResponse = z.infer<typeof ssoStartResponseSchema>;
