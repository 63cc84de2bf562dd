import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../test/helper';
import { createBanGeocoder } from './geocoder-ban';
import { GeocoderUnavailableError } from './geocoder';

/** What the fake Base Adresse Nationale answers next, and what it was asked. */
interface FakeBan {
  url: string;
  requests: URL[];
  answer: { status: number; body: string; delayMs?: number };
  close(): Promise<void>;
}

async function startFakeBan(): Promise<FakeBan> {
  const fake = {
    requests: [] as URL[],
    answer: { status: 200, body: JSON.stringify({ features: [] }) } as FakeBan['answer'],
  };
  const server = http.createServer((request, response) => {
    fake.requests.push(new URL(request.url ?? '/', 'http://127.0.0.1'));
    const { status, body, delayMs } = fake.answer;
    setTimeout(() => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(body);
    }, delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/geocodage`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

const toulouseFeature = {
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [1.444247, 43.604462] },
  properties: {
    label: 'Toulouse',
    name: 'Toulouse',
    type: 'municipality',
    city: 'Toulouse',
    postcode: '31000',
    citycode: '31555',
    context: '31, Haute-Garonne, Occitanie',
  },
};
const addressFeature = {
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [1.442, 43.6066] },
  properties: {
    label: '10 Rue du Taur 31000 Toulouse',
    type: 'housenumber',
    city: 'Toulouse',
    postcode: '31000',
    citycode: '31555',
    context: '31, Haute-Garonne, Occitanie',
  },
};

describe('Base Adresse Nationale geocoder (GEOCODER=ban) through /geo', () => {
  let ban: FakeBan;
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    ban = await startFakeBan();
    t = await buildTestApp({ env: { GEOCODER: 'ban', GEOCODER_BAN_URL: ban.url } });
    user = await buildUser(t.db);
  });
  afterAll(async () => {
    await t?.close();
    await ban?.close();
  });
  beforeEach(() => {
    ban.requests.length = 0;
    ban.answer = { status: 200, body: JSON.stringify({ type: 'FeatureCollection', features: [] }) };
  });

  const get = (url: string) => t.injectAs(user, { method: 'GET', url });

  it('autocompletes municipalities and maps the answer to places', async () => {
    ban.answer.body = JSON.stringify({ features: [toulouseFeature] });
    const res = await get('/geo/autocomplete?q=toul&limit=5');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        label: 'Toulouse',
        city: 'Toulouse',
        postalCode: '31000',
        inseeCode: '31555',
        departmentCode: '31',
        latitude: 43.604462,
        longitude: 1.444247,
      },
    ]);
    const [request] = ban.requests;
    expect(request?.pathname).toBe('/geocodage/search');
    expect(Object.fromEntries(request?.searchParams ?? [])).toEqual({
      q: 'toul',
      limit: '5',
      autocomplete: '1',
      type: 'municipality',
    });
  });

  it('does not call the service for fewer than 3 characters', async () => {
    const res = await get('/geo/autocomplete?q=to');
    expect(res.json()).toEqual([]);
    expect(ban.requests).toHaveLength(0);
  });

  it('searches addresses for free text', async () => {
    ban.answer.body = JSON.stringify({ features: [addressFeature] });
    const res = await get(`/geo/search?q=${encodeURIComponent('10 rue du Taur Toulouse')}`);
    expect(res.json()).toEqual([
      expect.objectContaining({
        label: '10 Rue du Taur 31000 Toulouse',
        postalCode: '31000',
        latitude: 43.6066,
      }),
    ]);
    expect(ban.requests[0]?.searchParams.get('q')).toBe('10 rue du Taur Toulouse');
    expect(ban.requests[0]?.searchParams.get('autocomplete')).toBe('0');
  });

  it('reverse-geocodes to the nearest address', async () => {
    ban.answer.body = JSON.stringify({ features: [addressFeature] });
    const res = await get('/geo/reverse?lat=43.6045&lng=1.4442');
    expect(res.json()).toEqual([expect.objectContaining({ city: 'Toulouse', inseeCode: '31555' })]);
    const [request] = ban.requests;
    expect(request?.pathname).toBe('/geocodage/reverse');
    expect(request?.searchParams.get('lat')).toBe('43.6045');
    expect(request?.searchParams.get('lon')).toBe('1.4442');
  });

  it('takes the department from the INSEE code when the context is missing, and skips incomplete features', async () => {
    const { context: _context, ...withoutContext } = toulouseFeature.properties;
    ban.answer.body = JSON.stringify({
      features: [
        {
          ...toulouseFeature,
          properties: { ...withoutContext, citycode: '97411', city: 'Saint-Denis' },
        },
        { ...toulouseFeature, properties: { label: 'Somewhere' } },
      ],
    });
    const res = await get('/geo/autocomplete?q=saint');
    expect(res.json()).toEqual([
      expect.objectContaining({ city: 'Saint-Denis', departmentCode: '974' }),
    ]);
  });

  it('answers an empty list when the service refuses the query (400)', async () => {
    ban.answer = { status: 400, body: JSON.stringify({ code: 400, message: 'q must contain …' }) };
    const res = await get('/geo/search?q=%2B%2B%2B');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('answers 503 when the service fails', async () => {
    ban.answer = { status: 502, body: 'Bad gateway' };
    const res = await get('/geo/autocomplete?q=toulouse');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      messageKey: 'service.unavailable.error',
    });
  });

  it('answers 503 when the service answers something unexpected', async () => {
    ban.answer.body = '{"features": "none"}';
    const res = await get('/geo/reverse?lat=43.6&lng=1.44');
    expect(res.statusCode).toBe(503);
  });
});

describe('createBanGeocoder', () => {
  it('reports an unreachable service as unavailable', async () => {
    const ban = await startFakeBan();
    const url = ban.url;
    await ban.close();
    const geocoder = createBanGeocoder({ baseUrl: url });
    await expect(geocoder.forward('Toulouse')).rejects.toBeInstanceOf(GeocoderUnavailableError);
  });

  it('gives up after its timeout', async () => {
    const ban = await startFakeBan();
    try {
      ban.answer = { status: 200, body: JSON.stringify({ features: [] }), delayMs: 2000 };
      const geocoder = createBanGeocoder({ baseUrl: ban.url, timeoutMs: 50 });
      await expect(geocoder.autocomplete('Toulouse')).rejects.toBeInstanceOf(
        GeocoderUnavailableError,
      );
    } finally {
      await ban.close();
    }
  });
});
