import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  SEARCH_PAGE_SIZE,
  SearchAnnoncesResponseSchema,
  type DiscoveryCard,
  type SearchAnnoncesResponse,
} from '@app/domain';
import { annoncePhotos, storedFiles } from '../../db/schema/index';
import { buildAnnonce, buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';
import {
  buildDiscoveryApp,
  buildFixture,
  catalogue,
  form,
  PLACES,
  type Catalogue,
  type Fixture,
} from './testing/discovery-fixture';

const URL_PATH = '/search/getSearchAnnonces';

describe('POST /search/getSearchAnnonces', () => {
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

  async function search(fields: Record<string, string | number | null>) {
    const res = await t.injectAs(user, { method: 'POST', url: URL_PATH, ...form(fields) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    // Sent as text (no serializer on the way): it must still be exactly the contract, no more.
    expect(res.json()).toEqual(SearchAnnoncesResponseSchema.parse(res.json()));
    return res.json() as SearchAnnoncesResponse;
  }
  const ids = (response: SearchAnnoncesResponse) => response.annonces.map((card) => card.id);
  const sorted = (values: number[]) => [...values].sort((p, q) => p - q);

  it('requires a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: URL_PATH, ...form({}) });
    expect(res.statusCode).toBe(401);
  });

  it('lists only VALIDATED announcements, most recent first with the boosted one ahead', async () => {
    const res = await search({});
    expect(ids(res)).toEqual([x.c, x.d, x.b, x.a, x.f]);
    expect(res).toMatchObject({
      totalNbAnnonces: 5,
      isEndOfData: true,
      researchSorting: 'MOST_RECENT',
    });
    expect(ids(res)).not.toContain(x.hidden);
  });

  it('answers cards with a masked plate, a rounded position and the title', async () => {
    const res = await search({ researchText: 'capitole' });
    const card = res.annonces[0] as DiscoveryCard;
    expect(card).toMatchObject({
      id: x.a,
      serverId: x.a,
      title: 'Peugeot 208',
      address: 'Toulouse',
      departement: '31',
      status: { value: 'VALIDATED' },
      latitude: 43.6,
      longitude: 1.44,
      distanceKm: null,
      isBoosted: false,
    });
  });

  describe('text', () => {
    it.each([
      ['peugeot rouge', ['a', 'f']],
      ['PEUGEOT   Rouge', ['a', 'f']],
      ['citroen', ['b']],
      ['Citroën', ['b']],
      ['rouge', ['a', 'b', 'd', 'f']],
      ['peugeot 208', ['a', 'f']],
      ['peug', []],
      ['aeroport', ['b']],
      ['Haute-Garonne', ['a', 'b', 'd']],
      ['69', ['c']],
      ['velo', ['d']],
      ['allure', ['a']],
      ['clio', []],
      ['   ', ['a', 'b', 'c', 'd', 'f']],
    ] as const)('"%s" finds %o', async (text, expected) => {
      const res = await search({ researchText: text });
      expect(sorted(ids(res))).toEqual(sorted(expected.map((key) => x[key])));
      expect(res.totalNbAnnonces).toBe(expected.length);
    });

    it('refuses more than 250 characters', async () => {
      const res = await t.injectAs(user, {
        method: 'POST',
        url: URL_PATH,
        ...form({ researchText: 'a'.repeat(251) }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', invalidField: 'researchText' });
    });
  });

  describe('filters', () => {
    it.each([
      ['vehicle types', () => ({ vehicleTypeIds: `[${c.bicycle}]` }), ['d']],
      ['brands', () => ({ brandIds: `[${c.peugeot}]` }), ['a', 'c', 'f']],
      ['brands (two)', () => ({ brandIds: `[${c.peugeot},${c.citroen}]` }), ['a', 'b', 'c', 'f']],
      ['models', () => ({ modelIds: `[${c.p208}]` }), ['a', 'f']],
      ['finishes', () => ({ modelFinishIds: `[${c.allure}]` }), ['a']],
      ['colours', () => ({ colors: '["RED"]' }), ['a', 'b', 'f']],
      ['energies', () => ({ energies: '["DIESEL","WITHOUT"]' }), ['a', 'c', 'd']],
      ['minimum fiscal power', () => ({ minFiscalPower: 6 }), ['a', 'c']],
      ['maximum fiscal power', () => ({ maxFiscalPower: 5 }), ['b', 'f']],
      ['both bounds', () => ({ minFiscalPower: 5, maxFiscalPower: 6 }), ['a', 'f']],
      ['maximum at the top (no bound)', () => ({ maxFiscalPower: 30 }), ['a', 'b', 'c', 'd', 'f']],
      ['maximum sent as null', () => ({ maxFiscalPower: null }), ['a', 'b', 'c', 'd', 'f']],
      ['10 km around Toulouse', () => ({ ...PLACES.toulouse, locationRadius: 10 }), ['a', 'b']],
      [
        '30 km around Toulouse',
        () => ({ ...PLACES.toulouse, locationRadius: 30 }),
        ['a', 'b', 'd'],
      ],
      ['1 km by default', () => ({ ...PLACES.toulouse }), ['a']],
      [
        'text, two filters and a radius',
        () => ({
          researchText: 'rouge',
          colors: '["RED"]',
          energies: '["DIESEL","GASOIL"]',
          ...PLACES.toulouse,
          locationRadius: 50,
        }),
        ['a', 'b'],
      ],
    ] as const)('%s', async (_name, fields, expected) => {
      const res = await search(fields());
      expect(sorted(ids(res))).toEqual(sorted(expected.map((key) => x[key])));
    });

    it.each([
      [{ brandIds: '[1,"x"]' }, 'brandIds'],
      [{ colors: '["MAUVE"]' }, 'colors'],
      [{ locationRadius: 0 }, 'locationRadius'],
      [{ latitude: 43.6 }, 'longitude'],
      [{ minFiscalPower: 9, maxFiscalPower: 4 }, 'maxFiscalPower'],
      [{ researchSorting: 'SIDEWAYS' }, 'researchSorting'],
      [{ offset: 'ten' }, 'offset'],
    ])('refuses %o naming %s', async (fields, field) => {
      const res = await t.injectAs(user, { method: 'POST', url: URL_PATH, ...form(fields) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', invalidField: field });
    });
  });

  describe('sorts', () => {
    it.each([
      ['MOST_RECENT', ['c', 'd', 'b', 'a', 'f']],
      ['LEAST_RECENT', ['f', 'c', 'a', 'b', 'd']],
      ['MOST_VIEWED', ['c', 'b', 'a', 'f', 'd']],
      ['LEAST_VIEWED', ['d', 'f', 'a', 'c', 'b']],
      ['REWARD_DESC', ['c', 'b', 'f', 'd', 'a']],
      ['REWARD_ASC', ['a', 'd', 'f', 'b', 'c']],
    ] as const)('%s', async (sort, expected) => {
      const res = await search({ researchSorting: sort });
      expect(ids(res)).toEqual(expected.map((key) => x[key]));
      expect(res.researchSorting).toBe(sort);
    });

    it('PROXIMITY measures from the user, nearest first, with distances', async () => {
      const res = await search({
        researchSorting: 'PROXIMITY',
        userLatitude: PLACES.toulouse.latitude,
        userLongitude: PLACES.toulouse.longitude,
      });
      expect(ids(res)).toEqual([x.a, x.b, x.d, x.c, x.f]);
      const distances = res.annonces.map((card) => card.distanceKm!);
      expect(distances[0]).toBe(0);
      expect(distances[1]).toBeGreaterThan(5);
      expect(distances[1]).toBeLessThan(7);
      expect(distances).toEqual([...distances].sort((p, q) => p - q));
    });

    it('PROXIMITY measures from the location filter when there is one', async () => {
      const res = await search({
        researchSorting: 'PROXIMITY',
        ...PLACES.lyon,
        locationRadius: 200,
      });
      expect(ids(res)).toEqual([x.c]);
      const far = await search({
        researchSorting: 'PROXIMITY',
        ...PLACES.paris,
        locationRadius: 200,
      });
      expect(ids(far)).toEqual([x.f]);
    });

    it('PROXIMITY without any position falls back to MOST_RECENT', async () => {
      const res = await search({ researchSorting: 'PROXIMITY' });
      expect(res.researchSorting).toBe('MOST_RECENT');
      expect(ids(res)).toEqual([x.c, x.d, x.b, x.a, x.f]);
    });
  });

  it('pages by 12 from the offset, with the total and the end of data', async () => {
    const owner = await buildUser(t.db);
    const created: number[] = [];
    for (let index = 0; index < 14; index += 1) {
      const { id } = await buildAnnonce(t.db, {
        ownerId: owner.id,
        description: 'Annonce paginationtest',
        validatedAt: new Date(Date.UTC(2026, 5, 1 + index)),
      });
      created.push(id);
    }
    const first = await search({ researchText: 'paginationtest' });
    expect(first).toMatchObject({
      totalNbAnnonces: 14,
      isEndOfData: false,
      isTotalNbAnnoncesCapped: false,
    });
    expect(first.annonces).toHaveLength(12);
    const second = await search({ researchText: 'paginationtest', offset: 12 });
    expect(second).toMatchObject({ totalNbAnnonces: 14, isEndOfData: true });
    expect([...ids(first), ...ids(second)]).toEqual([...created].reverse());
  });
});

describe('POST /home/getTopAnnonces and the sort list', () => {
  let t: TestApp;
  let user: TestUser;
  let x: Fixture;

  beforeAll(async () => {
    t = await buildTestApp();
    user = await buildUser(t.db, { roles: ['ROLE_ADMIN'] });
    x = await buildFixture(t.db, await catalogue(t.db));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the top announcements to every signed-in role: boosted, then reward, views, recency', async () => {
    const res = await t.injectAs(user, {
      method: 'POST',
      url: '/home/getTopAnnonces',
      ...form({}),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().annonces.map((card: DiscoveryCard) => card.id)).toEqual([
      x.c,
      x.b,
      x.f,
      x.d,
      x.a,
    ]);
    expect(res.json()).toMatchObject({ totalNbAnnonces: 5, isEndOfData: true });
  });

  it('a boost that ended no longer counts', async () => {
    t.clock.set(new Date('2026-12-02T00:00:00Z'));
    const res = await t.injectAs(user, {
      method: 'POST',
      url: '/home/getTopAnnonces',
      ...form({}),
    });
    // C keeps the top spot on its own merits (5 stars), but it is no longer flagged boosted.
    expect(res.json().annonces[0]).toMatchObject({ id: x.c, isBoosted: false });
    const recent = await t.injectAs(user, {
      method: 'POST',
      url: '/search/getSearchAnnonces',
      ...form({ researchSorting: 'MOST_RECENT' }),
    });
    expect(recent.json().annonces.map((card: DiscoveryCard) => card.id)).toEqual([
      x.d,
      x.b,
      x.a,
      x.c,
      x.f,
    ]);
    t.clock.set(new Date('2026-11-22T10:00:00Z'));
  });

  it('gives the sorts in the caller language, PROXIMITY selected with a position', async () => {
    const res = await t.injectAs(user, {
      method: 'POST',
      url: '/search/getSortObjectsForRadioButtons',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().sortSelectedValue).toBe('MOST_RECENT');
    expect(res.json().sortObjects[0]).toEqual({ value: 'PROXIMITY', text: 'Proximity' });
    expect(res.json().sortObjects).toHaveLength(7);
    const located = await t.injectAs(user, {
      method: 'POST',
      url: '/search/getSortObjectsForRadioButtons',
      ...form({ userLatitude: 43.6, userLongitude: 1.44 }),
    });
    expect(located.json().sortSelectedValue).toBe('PROXIMITY');
    expect(located.json().sortObjects[1]).toEqual({ value: 'MOST_RECENT', text: 'Plus récentes' });
  });
});

describe("a browser's search page", () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await buildTestApp();
    user = await buildUser(t.db);
    // Cards as real ones are, each with a photo (its addresses make most of a card).
    for (let at = 0; at < SEARCH_PAGE_SIZE; at += 1) {
      const { id } = await buildAnnonce(t.db);
      const [file] = await t.db
        .insert(storedFiles)
        .values({
          storageKey: `photos/${id}.jpg`,
          originalFileName: 'photo.jpg',
          mimeType: 'image/jpeg',
          sizeBytes: 1000,
          visibility: 'public',
        })
        .returning({ id: storedFiles.id });
      await t.db.insert(annoncePhotos).values({ annonceId: id, fileId: file!.id, position: 0 });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is compressed in one call, not through a stream', async () => {
    // A stream per answer (its zlib context, the thread pool, a pipeline) cost a browser's search
    // half of its throughput on two cores (bench/results/discovery-2026-11-28.md).
    const stream = vi.spyOn(zlib, 'createBrotliCompress');
    try {
      const res = await t.injectAs(user, {
        method: 'POST',
        url: URL_PATH,
        ...form({}),
        headers: { ...form({}).headers, 'accept-encoding': 'gzip, deflate, br, zstd' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      const page = zlib.brotliDecompressSync(res.rawPayload);
      // Larger than the size from which the plugin streams by default on two cores.
      expect(page.length).toBeGreaterThan(8192);
      expect(SearchAnnoncesResponseSchema.parse(JSON.parse(page.toString())).annonces).toHaveLength(
        SEARCH_PAGE_SIZE,
      );
      expect(stream).not.toHaveBeenCalled();
    } finally {
      stream.mockRestore();
    }
  });
});
