import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeoPlace } from '@app/domain';
import { buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';

/** The Capitole, Toulouse's town hall. */
const CAPITOLE = { lat: 43.6045, lng: 1.4442 };

describe('geo endpoints (offline geocoder on the communes table)', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    user = await buildUser(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (url: string) => {
    const res = await t.injectAs(user, { method: 'GET', url });
    return { status: res.statusCode, body: res.json() };
  };

  describe('GET /geo/autocomplete', () => {
    it('requires authentication', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/geo/autocomplete?q=toul' });
      expect(res.statusCode).toBe(401);
    });

    it.each([
      ['/geo/autocomplete', 'q'],
      ['/geo/autocomplete?q=', 'q'],
      ['/geo/autocomplete?q=%20%20', 'q'],
      [`/geo/autocomplete?q=${'a'.repeat(201)}`, 'q'],
      ['/geo/autocomplete?q=toul&limit=0', 'limit'],
      ['/geo/autocomplete?q=toul&limit=11', 'limit'],
      ['/geo/autocomplete?q=toul&limit=two', 'limit'],
    ])('rejects %s naming %s', async (url, field) => {
      const { status, body } = await get(url);
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: 'VALIDATION_FAILED', invalidField: field });
    });

    it('finds Toulouse 31000 from "toul", with its centre', async () => {
      const { status, body } = await get('/geo/autocomplete?q=toul');
      expect(status).toBe(200);
      const toulouse = (body as GeoPlace[]).find((place) => place.inseeCode === '31555');
      expect(toulouse).toMatchObject({
        label: 'Toulouse (31000)',
        city: 'Toulouse',
        postalCode: '31000',
        departmentCode: '31',
      });
      expect(toulouse?.latitude).toBeCloseTo(43.6, 1);
      expect(toulouse?.longitude).toBeCloseTo(1.44, 1);
      // The commune spelled exactly comes first, then the others by population.
      expect((body as GeoPlace[]).slice(0, 3).map((place) => place.city)).toEqual([
        'Toul',
        'Toulouse',
        'Toulon',
      ]);
      expect(body.length).toBeLessThanOrEqual(10);
    });

    it('ignores case and accents', async () => {
      const { body } = await get(
        `/geo/autocomplete?q=${encodeURIComponent('SAINT-ÉTIENNE-DE-TIN')}`,
      );
      expect((body as GeoPlace[]).map((place) => place.city)).toContain('Saint-Étienne-de-Tinée');
      const { body: accented } = await get(`/geo/autocomplete?q=${encodeURIComponent('évreu')}`);
      expect((accented as GeoPlace[])[0]).toMatchObject({ city: 'Évreux', departmentCode: '27' });
    });

    it('finds Toulouse from the postal code 31500', async () => {
      const { body } = await get('/geo/autocomplete?q=31500');
      expect(body).toEqual([
        expect.objectContaining({ city: 'Toulouse', postalCode: '31500', inseeCode: '31555' }),
      ]);
    });

    it('lists the communes of a postal-code prefix, in postal-code order, within the limit', async () => {
      const { body } = await get('/geo/autocomplete?q=315&limit=5');
      const places = body as GeoPlace[];
      expect(places).toHaveLength(5);
      expect(places.every((place) => place.postalCode.startsWith('315'))).toBe(true);
      const codes = places.map((place) => place.postalCode);
      expect(codes).toEqual([...codes].sort());
    });

    it('combines a postal code and a name', async () => {
      const { body } = await get('/geo/autocomplete?q=31%20balm');
      expect((body as GeoPlace[]).map((place) => `${place.city} ${place.postalCode}`)).toEqual([
        'Balma 31130',
        'Pin-Balma 31130',
      ]);
    });

    it('reads "paris 16" as the arrondissement, not as a postal code', async () => {
      const { body } = await get('/geo/autocomplete?q=paris%2016');
      expect((body as GeoPlace[])[0]).toMatchObject({
        city: 'Paris 16e Arrondissement',
        inseeCode: '75116',
      });
    });

    it('answers an empty list when nothing matches', async () => {
      const { status, body } = await get('/geo/autocomplete?q=zzzzqx');
      expect(status).toBe(200);
      expect(body).toEqual([]);
    });

    it('keeps the commune of Paris and its arrondissements', async () => {
      const { body } = await get('/geo/autocomplete?q=75016');
      const cities = (body as GeoPlace[]).map((place) => place.city);
      expect(cities).toEqual(expect.arrayContaining(['Paris', 'Paris 16e Arrondissement']));
      for (const place of body as GeoPlace[]) expect(place.latitude).toBeCloseTo(48.86, 1);
    });
  });

  describe('GET /geo/search', () => {
    it('requires authentication', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/geo/search?q=Toulouse' });
      expect(res.statusCode).toBe(401);
    });

    it('rejects a missing text naming q', async () => {
      const { status, body } = await get('/geo/search');
      expect(status).toBe(400);
      expect(body).toMatchObject({ invalidField: 'q' });
    });

    it('finds the commune named in an address line, at the postal code given', async () => {
      const { body } = await get(
        `/geo/search?q=${encodeURIComponent('10 rue du Taur 31000 Toulouse')}`,
      );
      expect((body as GeoPlace[])[0]).toMatchObject({ city: 'Toulouse', postalCode: '31000' });
    });

    it('finds a commune by its whole name, accents optional', async () => {
      const { body } = await get('/geo/search?q=saint%20etienne');
      expect((body as GeoPlace[])[0]).toMatchObject({
        city: 'Saint-Étienne',
        departmentCode: '42',
      });
    });

    it('tolerates a typo', async () => {
      const { body } = await get('/geo/search?q=Toulousse');
      expect((body as GeoPlace[])[0]?.city).toBe('Toulouse');
    });

    it('falls back to the postal code when the name is unknown', async () => {
      const { body } = await get('/geo/search?q=31500%20Nowhere');
      expect((body as GeoPlace[])[0]).toMatchObject({ city: 'Toulouse', postalCode: '31500' });
    });
  });

  describe('GET /geo/reverse', () => {
    it('requires authentication', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/geo/reverse?lat=43.6&lng=1.44' });
      expect(res.statusCode).toBe(401);
    });

    it.each([
      ['/geo/reverse?lng=1.44', 'lat'],
      ['/geo/reverse?lat=&lng=1.44', 'lat'],
      ['/geo/reverse?lat=north&lng=1.44', 'lat'],
      ['/geo/reverse?lat=91&lng=1.44', 'lat'],
      ['/geo/reverse?lat=43.6&lng=181', 'lng'],
      ['/geo/reverse?lat=43.6', 'lng'],
    ])('rejects %s naming %s', async (url, field) => {
      const { status, body } = await get(url);
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: 'VALIDATION_FAILED', invalidField: field });
    });

    it("gives Toulouse for the Capitole's coordinates", async () => {
      const { status, body } = await get(`/geo/reverse?lat=${CAPITOLE.lat}&lng=${CAPITOLE.lng}`);
      expect(status).toBe(200);
      expect(body).toEqual([
        expect.objectContaining({
          city: 'Toulouse',
          inseeCode: '31555',
          departmentCode: '31',
          postalCode: '31000',
        }),
      ]);
    });

    it('gives an overseas commune for a point on La Réunion', async () => {
      const { body } = await get('/geo/reverse?lat=-20.8789&lng=55.4481');
      expect((body as GeoPlace[])[0]).toMatchObject({ city: 'Saint-Denis', departmentCode: '974' });
    });

    it('answers an empty list in the middle of the ocean', async () => {
      const { status, body } = await get('/geo/reverse?lat=0&lng=-30');
      expect(status).toBe(200);
      expect(body).toEqual([]);
    });
  });
});
