import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchMapPointsResponseSchema, type SearchMapPointsResponse } from '@app/domain';
import type { TestApp, TestUser } from '../../../test/helper';
import {
  buildDiscoveryApp,
  form,
  PLACES,
  type Catalogue,
  type Fixture,
} from './testing/discovery-fixture';

const URL_PATH = '/search/getSearchMapPoints';

describe('POST /search/getSearchMapPoints', () => {
  let t: TestApp;
  let user: TestUser;
  let c: Catalogue;
  let x: Fixture;

  beforeAll(async () => {
    ({ t, user, c, x } = await buildDiscoveryApp());
  });
  afterAll(async () => {
    await t?.close();
  });

  async function points(fields: Record<string, string | number | null>) {
    const res = await t.injectAs(user, { method: 'POST', url: URL_PATH, ...form(fields) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(SearchMapPointsResponseSchema.parse(res.json()));
    return res.json() as SearchMapPointsResponse;
  }
  const ids = (response: SearchMapPointsResponse) =>
    response.points.map((point) => point.id).sort((p, q) => p - q);

  it('requires a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: URL_PATH, ...form({}) });
    expect(res.statusCode).toBe(401);
  });

  it('plots every validated match, not a page of it, each with its small card', async () => {
    const res = await points({});
    expect(ids(res)).toEqual([x.a, x.b, x.c, x.d, x.f].sort((p, q) => p - q));
    expect(ids(res)).not.toContain(x.hidden);
    expect(res.isCapped).toBe(false);
    expect(res.points.find((point) => point.id === x.a)).toMatchObject({
      title: 'Peugeot 208',
      address: 'Toulouse',
      departement: '31',
      latitude: 43.6,
      longitude: 1.44,
    });
  });

  it('applies the same filters as the search', async () => {
    expect(ids(await points({ brandIds: `[${c.peugeot}]` }))).toEqual(
      [x.a, x.c, x.f].sort((p, q) => p - q),
    );
    expect(ids(await points({ ...PLACES.toulouse, locationRadius: 10 }))).toEqual(
      [x.a, x.b].sort((p, q) => p - q),
    );
    expect(ids(await points({ researchText: 'citroen' }))).toEqual([x.b]);
  });

  it('refuses bad input with a 400, never a 5xx', async () => {
    const bad: Record<string, string | number>[] = [
      { researchText: 'a'.repeat(251) },
      { brandIds: '[1,' },
      { latitude: 200, longitude: 1 },
    ];
    for (const fields of bad) {
      const res = await t.injectAs(user, { method: 'POST', url: URL_PATH, ...form(fields) });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
    }
    // A NUL byte is refused on its field by the one text rule (docs/security.md), never a 5xx.
    const nul = await t.injectAs(user, {
      method: 'POST',
      url: URL_PATH,
      ...form({ researchText: 'nul\u0000byte' }),
    });
    expect(nul.statusCode).toBe(403);
    expect(nul.json()).toMatchObject({ invalidField: 'researchText' });
  });
});
