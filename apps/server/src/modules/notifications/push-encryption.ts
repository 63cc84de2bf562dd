/**
 * A Web Push message encrypted for its browser: RFC 8291's keys over RFC 8188's aes128gcm, in one
 * record. The sending thread (push-sender.worker.ts) runs this file as Node loads it (types
 * stripped), so it keeps to erasable TypeScript and imports only Node's own modules.
 *
 * Why not the web-push library's encryption: it gives every HMAC its key as a Buffer, and Node
 * checks such a key at each call, which cost a third of the library's 0.26–0.31 ms a message
 * (bench/results/notifications-end-to-end-2026-12-05-notes.md). Here every key is a KeyObject.
 */
import crypto from 'node:crypto';

/** RFC 8188's record size, as the library writes it; one record holds the whole message. */
const RECORD_SIZE = 4096;
/** Salt (16), record size (4), the key's length (1) and the sender's public key (65). */
const HEADER_LENGTH = 16 + 4 + 1 + 65;
/** The AES-GCM tag closing the record. */
const TAG_LENGTH = 16;
/**
 * What a push service must accept (RFC 8030 §7.2: 4096 octets of body), less the header, the tag
 * and the record's closing delimiter.
 */
export const LARGEST_PUSH_PAYLOAD = 4096 - HEADER_LENGTH - TAG_LENGTH - 1;

const KEY_INFO = Buffer.from('WebPush: info\0');
const CONTENT_KEY_INFO = Buffer.from('Content-Encoding: aes128gcm\0');
const NONCE_INFO = Buffer.from('Content-Encoding: nonce\0');
/** RFC 8188 §2: the last record's plaintext ends with 2 (no padding follows here). */
const LAST_RECORD_DELIMITER = Buffer.from([2]);

/** HKDF's expansion (RFC 5869 §2.3) to 32 bytes or fewer is one HMAC of its info and 1. */
const FIRST_BLOCK = Buffer.from([1]);

/**
 * HMAC-SHA-256 of the pieces under the key, the key made a KeyObject: Node checks a key given as
 * a Buffer at each call, which costs three times the HMAC itself (13 µs against 4, measured on
 * Node 24); the same holds for the cipher's key below.
 */
function hmac(key: Buffer | crypto.KeyObject, ...pieces: Buffer[]): Buffer {
  const signer = crypto.createHmac(
    'sha256',
    key instanceof crypto.KeyObject ? key : crypto.createSecretKey(key),
  );
  for (const piece of pieces) signer.update(piece);
  return signer.digest();
}

/** A subscription's keys, as the browser gave them (base64url). */
export interface BrowserKeys {
  p256dh: string;
  auth: string;
}

/** Keys no browser gives: no message can be encrypted for them, now or later. */
export class UnusableKeysError extends Error {
  key: 'p256dh' | 'auth';
  constructor(key: 'p256dh' | 'auth') {
    super(key === 'p256dh' ? 'p256dh is not a P-256 public key' : 'auth is not a 16-byte secret');
    this.name = 'UnusableKeysError';
    this.key = key;
  }
}

/** RFC 8291 §3: p256dh is an uncompressed P-256 point, auth a 16-byte secret. */
function decodedKeys(browser: BrowserKeys): { publicKey: Buffer; authSecret: Buffer } {
  const publicKey = Buffer.from(browser.p256dh, 'base64url');
  const authSecret = Buffer.from(browser.auth, 'base64url');
  if (publicKey.length !== 65 || publicKey[0] !== 4) throw new UnusableKeysError('p256dh');
  if (authSecret.length !== 16) throw new UnusableKeysError('auth');
  return { publicKey, authSecret };
}

/**
 * Which of a subscription's keys no browser could have given, if one: checked when it is kept, so
 * that nothing unusable is kept. The point is decoded, which tells one off the curve.
 */
export function unusableKey(browser: BrowserKeys): 'p256dh' | 'auth' | null {
  try {
    const { publicKey } = decodedKeys(browser);
    crypto.ECDH.convertKey(publicKey, 'prime256v1');
    return null;
  } catch (error) {
    return error instanceof UnusableKeysError ? error.key : 'p256dh';
  }
}

/**
 * What RFC 8291 draws anew for every message: the sender's key pair and the salt. Tests fix them
 * to reproduce the RFC's example; otherwise each call draws its own.
 */
export interface MessageSecrets {
  senderPrivateKey: Buffer;
  salt: Buffer;
}

/** The request body for one push: header, then the single encrypted record. */
export function encryptPushMessage(
  payload: string,
  browser: BrowserKeys,
  secrets?: MessageSecrets,
): Buffer {
  const plaintext = Buffer.from(payload, 'utf8');
  if (plaintext.length > LARGEST_PUSH_PAYLOAD) {
    throw new RangeError(
      `push payload of ${plaintext.length} bytes exceeds ${LARGEST_PUSH_PAYLOAD}`,
    );
  }
  const { publicKey: browserPublicKey, authSecret } = decodedKeys(browser);
  const sender = crypto.createECDH('prime256v1');
  if (secrets) sender.setPrivateKey(secrets.senderPrivateKey);
  else sender.generateKeys();
  const senderPublicKey = sender.getPublicKey();
  const salt = secrets?.salt ?? crypto.randomBytes(16);
  let sharedSecret: Buffer;
  try {
    sharedSecret = sender.computeSecret(browserPublicKey);
  } catch {
    // Node refuses a point off the curve here.
    throw new UnusableKeysError('p256dh');
  }

  // RFC 8291 §3.3: the input keying material binds both public keys to the browser's secret.
  const pseudoRandomKey = hmac(authSecret, sharedSecret);
  const inputKey = hmac(pseudoRandomKey, KEY_INFO, browserPublicKey, senderPublicKey, FIRST_BLOCK);
  // RFC 8188 §2.2–2.3: the content key and the nonce (the first record's: its sequence is 0).
  const contentSecret = crypto.createSecretKey(hmac(salt, inputKey));
  const contentKey = hmac(contentSecret, CONTENT_KEY_INFO, FIRST_BLOCK).subarray(0, 16);
  const nonce = hmac(contentSecret, NONCE_INFO, FIRST_BLOCK).subarray(0, 12);

  const cipher = crypto.createCipheriv('aes-128-gcm', crypto.createSecretKey(contentKey), nonce);
  const header = Buffer.alloc(HEADER_LENGTH);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(senderPublicKey.length, 20);
  senderPublicKey.copy(header, 21);
  return Buffer.concat([
    header,
    cipher.update(plaintext),
    cipher.update(LAST_RECORD_DELIMITER),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
}
