import { createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_LENGTH } from '@app/domain';

/**
 * Codes and tokens are stored only as HMAC-SHA256 digests under a key derived from the signing
 * secret: a copy of the database alone gives neither a usable token nor, for 4-digit codes, anything
 * to brute-force offline. Each digest is bound to a purpose (and a user for codes) so that one can
 * never be replayed as another.
 */
export interface SecretDigests {
  digest(purpose: string, value: string): string;
  /** Constant-time comparison of a presented value with a stored digest. */
  matches(purpose: string, value: string, storedDigest: string): boolean;
}

export function createSecretDigests(signingSecret: string): SecretDigests {
  const key = Buffer.from(
    hkdfSync('sha256', signingSecret, 'veilleurs', 'auth-secret-digests-v1', 32),
  );
  const digest = (purpose: string, value: string) =>
    createHmac('sha256', key).update(`${purpose}\u0000${value}`).digest('base64url');
  return {
    digest,
    matches(purpose, value, storedDigest) {
      const presented = Buffer.from(digest(purpose, value));
      const stored = Buffer.from(storedDigest);
      return presented.length === stored.length && timingSafeEqual(presented, stored);
    },
  };
}

/** 256 random bits, URL-safe: refresh tokens and password-reset tokens. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A uniformly random code of CODE_LENGTH digits ("0042" included). */
export function newNumericCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}
