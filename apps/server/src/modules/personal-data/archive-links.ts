import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The download link of a personal-data archive (issue 19, RGPD art. 15 and 20): a browser cannot
 * put a bearer token on a plain download, so the signed-in owner first asks for this link. It names
 * the account and an expiry 5 minutes ahead, signed with a key of its own derived from the app's
 * secret (nothing else the secret signs can be replayed as a link).
 */
export const ARCHIVE_LINK_LIFETIME_SECONDS = 5 * 60;

export function createArchiveLinks(signingSecret: string) {
  const key = Buffer.from(
    hkdfSync('sha256', signingSecret, 'veilleurs', 'personal-data-archive-v1', 32),
  );
  const mac = (userId: number, expires: number) =>
    createHmac('sha256', key).update(`archive:${userId}:${expires}`).digest('base64url');
  return {
    /** "/user/personalData/archive?user=12&expires=…&signature=…" */
    sign(userId: number, now: Date) {
      const expires = Math.floor(now.getTime() / 1000) + ARCHIVE_LINK_LIFETIME_SECONDS;
      const query = new URLSearchParams({
        user: String(userId),
        expires: String(expires),
        signature: mac(userId, expires),
      });
      return { path: `/user/personalData/archive?${query.toString()}`, expires };
    },
    verify(userId: number, expires: number, signature: string, now: Date) {
      const expected = Buffer.from(mac(userId, expires));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return Math.floor(now.getTime() / 1000) > expires ? 'expired' : 'valid';
    },
  };
}
