import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** The flags byte of authenticator data: user present, user verified, attested credential data included. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  /** The user handle the site gave it (a discoverable credential hands it back at login). */
  userHandle: string;
  counter: number;
}

/**
 * A software passkey authenticator for API tests: ES256 keys from node:crypto, attestation 'none', CBOR by the
 * library the server itself decodes with. It answers the options the server sent as a browser would (the JSON of
 * @simplewebauthn/browser), for the origin it is told it runs on.
 */
export class SoftAuthenticator {
  readonly credentials: Credential[] = [];
  private readonly origin: string;
  constructor(origin: string) {
    this.origin = origin;
  }

  /** `navigator.credentials.create`: a new resident key for the options' rp and user. */
  create(options: { challenge: string; rp: { id?: string }; user: { id: string } }) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const id = randomBytes(32);
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const length = Buffer.alloc(2);
    length.writeUInt16BE(id.length);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([UP | UV | AT]), Buffer.alloc(4), Buffer.alloc(16), length, id, Buffer.from(cose)]);
    const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: this.origin, crossOrigin: false });
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as never,
    );
    const credential = { id, privateKey, userHandle: options.user.id, counter: 0 };
    this.credentials.push(credential);
    return {
      credential,
      response: {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key' as const,
        response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      },
    };
  }

  /** `navigator.credentials.get`: a signature by `credential` (the first one by default) over the options' challenge. */
  get(options: { challenge: string; rpId?: string }, credential = this.credentials[0]!) {
    credential.counter++;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(credential.counter);
    const authenticatorData = Buffer.concat([sha256(options.rpId ?? new URL(this.origin).hostname), Buffer.from([UP | UV]), count]);
    const clientDataJSON = JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: this.origin, crossOrigin: false });
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
