// A SAML 2.0 identity provider for tests: its own RSA key and self-signed certificate (made by openssl), and
// Responses whose Assertion it signs as an IdP does (enveloped XML signature, exclusive c14n, RSA-SHA256, with
// xml-crypto, the library node-saml verifies with). Tests bend one field at a time: audience, validity, id, key.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignedXml } from 'xml-crypto';

export interface SamlKeys {
  key: string;
  cert: string;
}

/** A fresh RSA key and self-signed certificate (PEM). */
export function samlKeys(): SamlKeys {
  const dir = mkdtempSync(path.join(tmpdir(), 'referwell-saml-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=test-idp',
        '-keyout',
        'key.pem',
        '-out',
        'cert.pem',
      ],
      { cwd: dir, stdio: 'ignore' },
    );
    return {
      key: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface AssertionInput {
  keys: SamlKeys;
  idpIssuer: string;
  audience: string;
  acsUrl: string;
  email: string;
  name?: string;
  groups?: string[];
  /** The assertion's ID (a replay reuses one). */
  assertionId?: string;
  /** When the assertion stops being valid (default: in 5 minutes). */
  notOnOrAfter?: Date;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** A base64 SAMLResponse, its Assertion signed with `keys` (as the HTTP-POST binding carries it). */
export function signedSamlResponse(input: AssertionInput): string {
  const now = new Date();
  const notBefore = new Date(now.getTime() - 60_000).toISOString();
  const until = (input.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000)).toISOString();
  const id = input.assertionId ?? `_a${randomBytes(12).toString('hex')}`;
  const attribute = (name: string, values: string[]) =>
    `<saml:Attribute Name="${name}">${values.map((v) => `<saml:AttributeValue>${escape(v)}</saml:AttributeValue>`).join('')}</saml:Attribute>`;
  const assertion =
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id}" Version="2.0" IssueInstant="${now.toISOString()}">` +
    `<saml:Issuer>${escape(input.idpIssuer)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escape(input.email)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${until}" Recipient="${escape(input.acsUrl)}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${escape(input.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="_s${randomBytes(6).toString('hex')}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `<saml:AttributeStatement>${attribute('email', [input.email])}${input.name ? attribute('displayName', [input.name]) : ''}${input.groups?.length ? attribute('groups', input.groups) : ''}</saml:AttributeStatement>` +
    `</saml:Assertion>`;
  const response =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomBytes(12).toString('hex')}" Version="2.0" IssueInstant="${now.toISOString()}" Destination="${escape(input.acsUrl)}">` +
    `<saml:Issuer>${escape(input.idpIssuer)}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    assertion +
    `</samlp:Response>`;
  const signature = new SignedXml({
    privateKey: input.keys.key,
    publicCert: input.keys.cert,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signature.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  signature.computeSignature(response, {
    location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
  });
  return Buffer.from(signature.getSignedXml()).toString('base64');
}
