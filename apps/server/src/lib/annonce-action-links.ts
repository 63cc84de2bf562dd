import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Signed links that let an owner act on one announcement from a mail without signing in
 * ("Véhicule retrouvé", docs/decisions.md issue 19). A token names the announcement, the action
 * and its expiry; the signature also covers the owner's id, so it is void for anyone else's
 * announcement and for any other action. Its own key is derived from the app's secret, so that
 * nothing else the secret signs (sessions, file links) can be replayed as a token.
 */

export type AnnonceAction = 'found';

/** A mail about an announcement is often read weeks later; after that the owner signs in. */
export const ANNONCE_ACTION_LINK_LIFETIME_DAYS = 60;

export type ActionTokenCheck =
  | { state: 'valid'; annonceId: number }
  | { state: 'expired'; annonceId: number }
  | { state: 'invalid' };

export interface AnnonceActionLinks {
  sign(input: { annonceId: number; ownerId: number; action: AnnonceAction; now: Date }): string;
  /** Reads the announcement id without trusting it: `verify` needs its owner to check the rest. */
  annonceIdOf(token: string): number | null;
  verify(
    token: string,
    owner: { annonceId: number; ownerId: number },
    action: AnnonceAction,
    now: Date,
  ): ActionTokenCheck;
}

const TOKEN_SHAPE = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export function createAnnonceActionLinks(signingSecret: string): AnnonceActionLinks {
  const key = Buffer.from(
    hkdfSync('sha256', signingSecret, 'veilleurs', 'annonce-action-links-v1', 32),
  );
  const mac = (action: AnnonceAction, annonceId: number, ownerId: number, expires: number) =>
    createHmac('sha256', key)
      .update(`${action}:${annonceId}:${ownerId}:${expires}`)
      .digest('base64url');

  return {
    sign({ annonceId, ownerId, action, now }) {
      const expires =
        Math.floor(now.getTime() / 1000) + ANNONCE_ACTION_LINK_LIFETIME_DAYS * 24 * 3600;
      return `${annonceId}.${expires}.${mac(action, annonceId, ownerId, expires)}`;
    },
    annonceIdOf(token) {
      const match = TOKEN_SHAPE.exec(token);
      if (!match) return null;
      const id = Number(match[1]);
      return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
    },
    verify(token, owner, action, now) {
      const match = TOKEN_SHAPE.exec(token);
      if (!match || Number(match[1]) !== owner.annonceId) return { state: 'invalid' };
      const expires = Number(match[2]);
      const expected = Buffer.from(mac(action, owner.annonceId, owner.ownerId, expires));
      const given = Buffer.from(match[3]!);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { state: 'invalid' };
      }
      return Math.floor(now.getTime() / 1000) > expires
        ? { state: 'expired', annonceId: owner.annonceId }
        : { state: 'valid', annonceId: owner.annonceId };
    },
  };
}
