import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { LIVE_TICKET_LIFETIME_SECONDS } from '@app/domain';

/**
 * Tickets for the live stream. EventSource cannot send an Authorization header, so the web app
 * trades its bearer token for a ticket valid one minute and puts it in the stream's query string; a
 * ticket names only the user and its expiry, signed with a key of its own derived from the app's
 * secret (so no other signature can be replayed as a ticket).
 */
export function createLiveTickets(signingSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', signingSecret, 'veilleurs', 'live-tickets-v1', 32));
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  return {
    issue(userId: number, now: Date): { ticket: string; expiresIn: number } {
      const expires = Math.floor(now.getTime() / 1000) + LIVE_TICKET_LIFETIME_SECONDS;
      const payload = `${userId}.${expires}`;
      return { ticket: `${payload}.${sign(payload)}`, expiresIn: LIVE_TICKET_LIFETIME_SECONDS };
    },

    /** The user the ticket was issued to, or null when it is forged, malformed or expired. */
    verify(ticket: string, now: Date): number | null {
      const match = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(ticket);
      if (!match) return null;
      const [, userId, expires, signature] = match as unknown as [string, string, string, string];
      const expected = Buffer.from(sign(`${userId}.${expires}`));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      if (Number(expires) * 1000 < now.getTime()) return null;
      return Number(userId);
    },
  };
}

export type LiveTickets = ReturnType<typeof createLiveTickets>;
