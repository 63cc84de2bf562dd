import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_ACCOUNT } from './session';

/** The centre of Toulouse, where the demo announcements are. */
export const TOULOUSE = { latitude: 43.6045, longitude: 1.444 };

/** A bearer token of the demo account, for the API look-ups the journey makes first. */
export async function demoToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/login', { data: { ...DEMO_ACCOUNT, rememberMe: false } });
  if (!res.ok()) throw new Error(`login failed: ${res.status()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** How many validated announcements a text finds within `radiusKm` of Toulouse. */
export async function countNearToulouse(
  request: APIRequestContext,
  token: string,
  text: string,
  radiusKm: number,
): Promise<number> {
  const res = await request.post('/search/getSearchAnnonces', {
    headers: { Authorization: `Bearer ${token}` },
    form: {
      researchText: text,
      latitude: TOULOUSE.latitude,
      longitude: TOULOUSE.longitude,
      locationRadius: radiusKm,
    },
  });
  if (!res.ok()) throw new Error(`search failed: ${res.status()}`);
  return ((await res.json()) as { totalNbAnnonces: number }).totalNbAnnonces;
}

/** Removes the demo account's alerts, so that each project saves its own from scratch. */
export async function deleteAllAlerts(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const res = await request.get('/savedSearch/getMyAlerts', { headers });
  for (const alert of (await res.json()) as { id: number }[]) {
    await request.delete(`/savedSearch/${alert.id}`, { headers });
  }
}

/** Map tiles come from the network: refuse them, the markers must show without. */
export async function blockMapTiles(page: Page) {
  await page.route(/\/\d+\/\d+\/\d+\.png(\?.*)?$/, (route) => route.abort());
}
