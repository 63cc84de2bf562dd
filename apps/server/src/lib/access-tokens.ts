import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS, type Role } from '@app/domain';
import type { Clock } from './clock';

export interface AccessTokenClaims {
  userId: number;
  username: string;
  roles: Role[];
  /** Set when an admin acts as this user: the admin's id, for the audit trail. */
  impersonatorId?: number;
  /** The session (refresh-token family) the token belongs to: it dies with it (issue 16). */
  sessionId?: string;
}

const ISSUER = 'veilleurs';
/**
 * Tokens already verified, kept until they expire: a web app sends the same token with every
 * call for fifteen minutes, and checking its HMAC each time was 8 % of a search's CPU (bench).
 * The exact token string is the key, so nothing unverified is ever trusted.
 */
const VERIFIED_CACHE_SIZE = 10_000;
const AUDIENCE = 'veilleurs-api';

/**
 * Signs and checks access tokens on the app's clock, so that tests moving a fixed clock see tokens
 * expire exactly as users would.
 */
export function createAccessTokens(secret: string, clock: Clock) {
  // Imported once: given the secret's bytes, jose imports a WebCrypto key at every sign and verify
  // (a third of a first verification's CPU, bench/results/matches-2026-12-01.md).
  let importedKey: Promise<webcrypto.CryptoKey> | undefined;
  const key = () =>
    (importedKey ??= webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    ));
  const verified = new Map<string, { claims: AccessTokenClaims; expiresAt: number }>();
  return {
    async sign(claims: AccessTokenClaims, now: Date = clock.now()): Promise<string> {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return new SignJWT({
        username: claims.username,
        roles: claims.roles,
        ...(claims.impersonatorId ? { imp: claims.impersonatorId } : {}),
        ...(claims.sessionId ? { sid: claims.sessionId } : {}),
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
        .sign(await key());
    },
    /** Returns the claims, or null for any invalid, expired or foreign token. */
    async verify(token: string, now: Date = clock.now()): Promise<AccessTokenClaims | null> {
      const known = verified.get(token);
      // jose's rule: valid while the expiry (seconds) is after the current second.
      if (known && known.expiresAt > Math.floor(now.getTime() / 1000)) return known.claims;
      try {
        const { payload } = await jwtVerify(token, await key(), {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          currentDate: now,
        });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || !Array.isArray(payload.roles)) return null;
        // Frozen: the same object answers every later call with this token.
        const claims: AccessTokenClaims = Object.freeze({
          userId,
          username: String(payload.username),
          roles: Object.freeze([...(payload.roles as Role[])]) as Role[],
          ...(typeof payload.imp === 'number' ? { impersonatorId: payload.imp } : {}),
          ...(typeof payload.sid === 'string' ? { sessionId: payload.sid } : {}),
        });
        if (typeof payload.exp === 'number') {
          if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
          verified.set(token, { claims, expiresAt: payload.exp });
        }
        return claims;
      } catch {
        return null;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
