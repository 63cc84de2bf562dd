import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived links to private files (identity, registration card, complaint…). A service first
 * checks that the caller is the owner or an admin, then hands out a signed path; GET /files/{id}
 * serves a private file only with a valid, unexpired signature (DESIGN.md, "file storage").
 */

/** Long enough to open the document, short enough that a leaked link soon stops working. */
export const SIGNED_FILE_URL_LIFETIME_SECONDS = 5 * 60;

export type FileVariant = 'original' | 'thumbnail';

export interface FileUrlSigner {
  /** "/files/12?expires=1790000000&signature=…" (or "/files/12/thumbnail?…"). */
  signFileUrl(
    fileId: number,
    now: Date,
    options?: { lifetimeSeconds?: number; variant?: FileVariant },
  ): string;
  verify(
    fileId: number,
    expires: number,
    signature: string,
    now: Date,
    variant?: FileVariant,
  ): 'valid' | 'expired' | 'invalid';
}

/** The path a public file (a vehicle photo) is served at; prefix with config.publicUrl for a full URL. */
export function publicFilePath(fileId: number, variant: FileVariant = 'original'): string {
  return variant === 'thumbnail' ? `/files/${fileId}/thumbnail` : `/files/${fileId}`;
}

/**
 * A signer keyed by its own key derived from the app's signing secret, so that a file signature can
 * never be replayed as anything else the secret signs.
 */
export function createFileUrlSigner(signingSecret: string): FileUrlSigner {
  const key = Buffer.from(
    hkdfSync('sha256', signingSecret, 'veilleurs', 'signed-file-urls-v1', 32),
  );

  const sign = (fileId: number, expires: number, variant: FileVariant) =>
    createHmac('sha256', key).update(`${variant}:${fileId}:${expires}`).digest('base64url');

  return {
    signFileUrl(fileId, now, options = {}) {
      const variant = options.variant ?? 'original';
      const lifetime = options.lifetimeSeconds ?? SIGNED_FILE_URL_LIFETIME_SECONDS;
      const expires = Math.floor(now.getTime() / 1000) + lifetime;
      const query = new URLSearchParams({
        expires: String(expires),
        signature: sign(fileId, expires, variant),
      });
      return `${publicFilePath(fileId, variant)}?${query.toString()}`;
    },
    verify(fileId, expires, signature, now, variant = 'original') {
      const expected = Buffer.from(sign(fileId, expires, variant));
      const given = Buffer.from(signature);
      // Same length first: timingSafeEqual throws otherwise, and the length is not a secret.
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return Math.floor(now.getTime() / 1000) > expires ? 'expired' : 'valid';
    },
  };
}

/** One-call form for services: `signFileUrl(app.deps.signingSecret, file.id, clock.now())`. */
export function signFileUrl(
  signingSecret: string,
  fileId: number,
  now: Date,
  options?: { lifetimeSeconds?: number; variant?: FileVariant },
): string {
  return createFileUrlSigner(signingSecret).signFileUrl(fileId, now, options);
}
