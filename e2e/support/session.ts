import type { APIRequestContext, Page } from '@playwright/test';
import { SignJWT } from 'jose';

/** The README's demo account, created by the demo seed. */
export const DEMO_ACCOUNT = { username: 'demo@veilleurs.fr', password: 'Veilleurs2026' };

/** localStorage key of the signed-in user (apps/web/src/lib/storage.ts). */
const SESSION_KEY = 'veilleurs.user';

interface TokenAnswer {
  username: string;
  roles: string[];
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

async function storeSession(page: Page, answer: TokenAnswer) {
  await page.goto('/');
  await page.evaluate(([key, session]) => localStorage.setItem(key, JSON.stringify(session)), [
    SESSION_KEY,
    {
      ...answer,
      expiresAt: Date.now() + answer.expires_in * 1000,
      rememberMe: false,
      impersonateToken: null,
      impersonateUsername: null,
      impersonateRoles: null,
    },
  ] as const);
  // The app started signed out on "/" (and sent itself to the login); a hash change made now could
  // be overtaken by that start. A new document reads the session, and has left the login once the
  // app runs with it: the test's next page.goto is then an ordinary navigation.
  await page.reload();
  await page.waitForURL((url) => url.hash !== '#/login');
}

/** Signs in through the real login call, then hands the session to the page as the app keeps it. */
export async function signIn(page: Page, request: APIRequestContext, account = DEMO_ACCOUNT) {
  const res = await request.post('/api/login', { data: { ...account, rememberMe: false } });
  if (!res.ok()) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
  await storeSession(page, (await res.json()) as TokenAnswer);
}

/**
 * A session with roles the public login refuses (admins): signed with the e2e server's secret, so the
 * client-side guards can be checked for a role no real login here can produce. It must name an
 * existing account: the server ends the session of an unknown user (401), and the app then signs out
 * at a moment that depends on the machine's load.
 */
export async function signInWithRoles(
  page: Page,
  roles: string[],
  account: { id: number; username: string },
) {
  const secret = new TextEncoder().encode(process.env.E2E_AUTH_SECRET);
  const now = Math.floor(Date.now() / 1000);
  const accessToken = await new SignJWT({ username: account.username, roles })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(account.id))
    .setIssuer('veilleurs')
    .setAudience('veilleurs-api')
    .setIssuedAt(now)
    .setExpirationTime(now + 900)
    .sign(secret);
  await storeSession(page, {
    username: account.username,
    roles,
    access_token: accessToken,
    refresh_token: 'unused',
    expires_in: 900,
  });
}
