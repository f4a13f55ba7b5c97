// A SAML 2.0 identity provider for tests: its own RSA key and self-signed certificate (made by openssl), and
// Responses whose Assertion it signs as an IdP does (enveloped XML signature, exclusive c14n, RSA-SHA256, with
// xml-crypto, the library node-saml verifies with). Tests bend one field at a time: audience, validity, id, key.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

/**
 * The IdP as an HTTP server, for the browser journey (e2e/saml.spec.ts): GET /sso takes the SP's HTTP-Redirect
 * AuthnRequest and shows a sign-in form (anyone signs in by e-mail address); its POST answers with the HTTP-POST
 * binding's page, which posts the signed response and the RelayState to the SP's ACS. GET /cert is its signing
 * certificate (what an admin pastes into the SP), GET /health says it is up.
 */
export async function startSamlIdp(options: { port?: number; acsUrl: string; entityId: string; idpIssuer: string }) {
  const keys = samlKeys();
  const attr = (text: string) => escape(text).replace(/>/g, '&gt;');
  const page = (body: string) =>
    `<!doctype html><html lang="en"><head><title>Test SAML IdP</title></head><body><main>${body}</main></body></html>`;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://idp');
    const html = (body: string) =>
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(body));
    if (request.method === 'GET' && url.pathname === '/health') return void response.writeHead(200).end('ok');
    if (request.method === 'GET' && url.pathname === '/cert')
      return void response.writeHead(200, { 'content-type': 'text/plain' }).end(keys.cert);
    if (request.method === 'GET' && url.pathname === '/sso') {
      if (!url.searchParams.get('SAMLRequest')) return void response.writeHead(400).end('SAMLRequest missing');
      return void html(
        `<h1>Test SAML IdP</h1><form method="post" action="/sso">` +
          `<input type="hidden" name="RelayState" value="${attr(url.searchParams.get('RelayState') ?? '')}">` +
          `<label>IdP e-mail <input name="email" type="email"></label> ` +
          `<label>IdP name <input name="name"></label> <button type="submit">Sign in at the IdP</button></form>`,
      );
    }
    if (request.method === 'POST' && url.pathname === '/sso') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const form = new URLSearchParams(body);
        const name = form.get('name');
        const samlResponse = signedSamlResponse({
          keys,
          idpIssuer: options.idpIssuer,
          audience: options.entityId,
          acsUrl: options.acsUrl,
          email: form.get('email') ?? '',
          ...(name ? { name } : {}),
        });
        html(
          `<form method="post" action="${attr(options.acsUrl)}">` +
            `<input type="hidden" name="SAMLResponse" value="${attr(samlResponse)}">` +
            `<input type="hidden" name="RelayState" value="${attr(form.get('RelayState') ?? '')}">` +
            `<button type="submit">Continue</button></form><script>document.forms[0].submit()</script>`,
        );
      });
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cert: keys.cert,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// The browser tests start it as a process: SAML_IDP_PORT, SAML_IDP_ACS_URL, SAML_IDP_ENTITY_ID (the SP's), and
// SAML_IDP_ISSUER (its own entity ID).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const idp = await startSamlIdp({
    port: Number(process.env.SAML_IDP_PORT ?? 0),
    acsUrl: process.env.SAML_IDP_ACS_URL ?? '',
    entityId: process.env.SAML_IDP_ENTITY_ID ?? '',
    idpIssuer: process.env.SAML_IDP_ISSUER ?? 'https://idp.example.test/saml',
  });
  console.log(`SAML IdP on ${idp.origin}`);
  const stop = () => void idp.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
