// A software passkey authenticator for API tests (ADR 0040): what a platform authenticator and the browser together
// answer to navigator.credentials.create() and get(), built per WebAuthn L3 from a P-256 key made here, independent
// of the library the server verifies with: attestation "none" (§8.7), authenticator data (§6.1), the attested
// credential data with a COSE EC2 key (§6.5.1, RFC 9053), and ES256 assertion signatures over
// authenticatorData ‖ SHA-256(clientDataJSON) (§6.3.3), DER-encoded as WebAuthn requires for ECDSA.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/** The least of CBOR (RFC 8949) the structures need: unsigned and negative ints, byte and text strings, maps. */
type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;
function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

const FLAG = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 } as const;

export interface SoftPasskey {
  credentialId: Buffer;
  privateKey: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

export interface CeremonyOptions {
  /** The origin the "browser" reports in clientDataJSON. */
  origin: string;
  /** Whether the person was verified (fingerprint, face, PIN): UV flag. */
  userVerified?: boolean;
}

/** Answers registration options as a platform authenticator would: a new discoverable P-256 credential. */
export function register(
  options: { challenge: string; rp: { id?: string }; user: { id: string } },
  how: CeremonyOptions,
): { passkey: SoftPasskey; response: Record<string, unknown> } {
  const rpId = options.rp.id!;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const coseKey = cbor(
    new Map<number, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  const credentialId = randomBytes(32);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  const flags = FLAG.UP | (how.userVerified === false ? 0 : FLAG.UV) | FLAG.AT;
  const authData = Buffer.concat([
    sha256(rpId),
    Buffer.from([flags]),
    Buffer.alloc(4), // signCount 0 at creation
    Buffer.alloc(16), // AAGUID: zeros with attestation "none"
    idLength,
    credentialId,
    coseKey,
  ]);
  const attestationObject = cbor(
    new Map<string, Cbor>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]),
  );
  const clientDataJSON = JSON.stringify({
    type: 'webauthn.create',
    challenge: options.challenge,
    origin: how.origin,
    crossOrigin: false,
  });
  return {
    passkey: { credentialId, privateKey, rpId, userHandle: options.user.id, counter: 0 },
    response: {
      id: b64url(credentialId),
      rawId: b64url(credentialId),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(Buffer.from(clientDataJSON)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    },
  };
}

export interface AssertionOptions extends CeremonyOptions {
  /** The counter to report (default: one more than last time). */
  counter?: number;
  /** Sign with this key instead of the passkey's (a forged assertion). */
  signWith?: KeyObject;
  rpId?: string;
}

/** Answers sign-in options with the passkey: a signed assertion naming its user handle (discoverable sign-in). */
export function assert(passkey: SoftPasskey, options: { challenge: string }, how: AssertionOptions) {
  const counter = how.counter ?? passkey.counter + 1;
  passkey.counter = counter;
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  const flags = FLAG.UP | (how.userVerified === false ? 0 : FLAG.UV);
  const authenticatorData = Buffer.concat([sha256(how.rpId ?? passkey.rpId), Buffer.from([flags]), count]);
  const clientDataJSON = Buffer.from(
    JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: how.origin, crossOrigin: false }),
  );
  const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), {
    key: how.signWith ?? passkey.privateKey,
    dsaEncoding: 'der',
  });
  return {
    id: b64url(passkey.credentialId),
    rawId: b64url(passkey.credentialId),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authenticatorData),
      signature: b64url(signature),
      userHandle: passkey.userHandle,
    },
  };
}

/** A key of no passkey, to forge signatures with. */
export const strayKey = () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
