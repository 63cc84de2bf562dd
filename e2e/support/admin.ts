import type { APIRequestContext, Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { createValidatedAccount, type NewAccount } from './profile';
import { makePng } from './fixture-files';

/** localStorage key of the back office's session (apps/web/src/admin/session.ts). */
const ADMIN_SESSION_KEY = 'veilleurs.adminSession';

export interface ApiAccount extends NewAccount {
  id: number;
  token: string;
}

/** The user id carried by an access token (its subject). */
function subjectOf(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as {
    sub: string;
  };
  return Number(payload.sub);
}

/** A new validated account, signed in through the real login call. */
export async function newAccount(request: APIRequestContext): Promise<ApiAccount> {
  const account = await createValidatedAccount(request, 'Home');
  const res = await request.post('/api/login', { data: { ...account, rememberMe: false } });
  if (!res.ok()) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
  const token = ((await res.json()) as { access_token: string }).access_token;
  // The first-connection modal would cover the screens these journeys look at.
  const done = await request.post('/user/updateFirstConnexion', {
    headers: { Authorization: `Bearer ${token}` },
    form: { isFirstConnexion: 'false' },
  });
  if (!done.ok()) throw new Error(`first connection not ended: ${done.status()}`);
  return { ...account, id: subjectOf(token), token };
}

/** Both identity sides, as the profile sends them: the identity becomes IN_PROGRESS. */
export async function sendIdentity(request: APIRequestContext, account: ApiAccount) {
  const res = await request.post('/user/sendIdentity', {
    headers: { Authorization: `Bearer ${account.token}` },
    multipart: {
      identityRectoFile: { name: 'recto.png', mimeType: 'image/png', buffer: makePng(48, 32) },
      identityVersoFile: { name: 'verso.png', mimeType: 'image/png', buffer: makePng(48, 32) },
    },
  });
  if (!res.ok()) throw new Error(`identity not sent: ${res.status()} ${await res.text()}`);
}

/**
 * A back-office token for an existing account: the journeys' server has no admin account (the
 * admin:create command needs the database the server holds), so the token is signed with the e2e
 * server's secret, as the admin login would sign it.
 */
export async function adminTokenFor(account: ApiAccount): Promise<string> {
  const secret = new TextEncoder().encode(process.env.E2E_AUTH_SECRET);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ username: account.username, roles: ['ROLE_ADMIN'] })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(account.id))
    .setIssuer('veilleurs')
    .setAudience('veilleurs-api')
    .setIssuedAt(now)
    .setExpirationTime(now + 900)
    .sign(secret);
}

/** Opens the back office with an admin session stored as its login stores it. */
export async function openBackOffice(page: Page, account: ApiAccount, token: string) {
  await page.goto('/admin/');
  await page.evaluate(([key, session]) => localStorage.setItem(key, JSON.stringify(session)), [
    ADMIN_SESSION_KEY,
    {
      username: account.username,
      roles: ['ROLE_ADMIN'],
      access_token: token,
      refresh_token: 'unused',
    },
  ] as const);
  await page.goto('/admin/#/');
  await page.reload();
}

/** A car of the catalogue: type, brand and model ids. */
export async function aCar(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const types = (await (await request.get('/vehicleType/getAllActivated', { headers })).json()) as {
    id: number;
    code: string;
  }[];
  const car = types.find((type) => type.code === 'CAR');
  if (!car) throw new Error('no CAR type');
  const brands = (await (
    await request.post(`/brand/getAllActivatedByVehicleType/${car.id}`, { headers })
  ).json()) as { id: number; name: string }[];
  for (const brand of brands.filter((b) => /peugeot|renault|citro/i.test(b.name))) {
    const models = (await (
      await request.post('/model/getAllActivatedByVehicleTypeAndBrand', {
        headers,
        form: { vehicleTypeId: String(car.id), brandId: String(brand.id) },
      })
    ).json()) as { id: number }[];
    if (models[0]) return { typeId: car.id, brandId: brand.id, modelId: models[0].id };
  }
  throw new Error('no car brand with models');
}
