import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { DiscoveryCard, HomeGroup, SubFilterOption } from '@app/domain';
import {
  annoncePhotos,
  annonces,
  annonceViews,
  favourites,
  storedFiles,
  users,
} from '../../db/schema/index';
import { AnnonceSearchIndex } from './annonce-search-index';
import * as cardJson from './card-json';
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

// The real writer, watched: a home's bytes must be written once per home built.
vi.mock('./card-json', async (original) => {
  const actual = await original<typeof cardJson>();
  return { ...actual, cardListsBytes: vi.fn(actual.cardListsBytes) };
});

describe('POST /home/getHomeData', () => {
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

  const home = async (as: TestUser, fields: Record<string, string | number | null> = {}) => {
    const res = await t.injectAs(as, { method: 'POST', url: '/home/getHomeData', ...form(fields) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as HomeGroup[];
  };
  const ids = (group: HomeGroup | undefined) =>
    group!.annonces.map((card: DiscoveryCard) => card.id);

  it('without a position: latest, one section per vehicle type having announcements, top', async () => {
    const groups = await home(user);
    expect(groups.map((group) => group.annonceType)).toEqual([
      'LAST_ANNONCES',
      'VEHICLE_ANNONCES',
      'VEHICLE_ANNONCES',
      'TOP_ANNONCES',
    ]);
    expect(groups[0]).toMatchObject({
      title: 'home.group.lastAnnonces',
      isI18n: true,
      vehicleTypeId: null,
      savedSearchId: null,
      savedSearchDescription: null,
    });
    expect(ids(groups[0])).toEqual([x.c, x.d, x.b, x.a, x.f]);
    expect(groups[1]).toMatchObject({ title: 'Voiture', isI18n: false, vehicleTypeId: c.car });
    expect(ids(groups[1])).toEqual([x.c, x.b, x.a, x.f]);
    expect(groups[2]).toMatchObject({ title: 'Vélo', vehicleTypeId: c.bicycle });
    expect(ids(groups[2])).toEqual([x.d]);
    expect(ids(groups[3])).toEqual([x.c, x.b, x.f, x.d, x.a]);
  });

  it('with a position: the close section first (200 km, nearest first), and the position is remembered', async () => {
    const groups = await home(user, {
      latitude: PLACES.toulouse.latitude,
      longitude: PLACES.toulouse.longitude,
    });
    expect(groups[0]).toMatchObject({
      annonceType: 'CLOSE_ANNONCES',
      title: 'home.group.closeAnnonces',
    });
    // Lyon (~360 km) and Paris are too far.
    expect(ids(groups[0])).toEqual([x.a, x.b, x.d]);
    expect(groups[0]!.annonces[1]!.distanceKm).toBeGreaterThan(5);
    const [row] = await t.db
      .select({ lat: users.lastLatitude, lng: users.lastLongitude })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row).toEqual({ lat: PLACES.toulouse.latitude, lng: PLACES.toulouse.longitude });
  });

  it('one section per alert, with its name and summary', async () => {
    const owner = await buildUser(t.db);
    const created = await t.injectAs(owner, {
      method: 'POST',
      url: '/savedSearch',
      ...form({ name: 'Peugeot rouges', researchText: 'peugeot', colors: '["RED"]' }),
    });
    const groups = await home(owner);
    const alert = groups.find((group) => group.annonceType === 'SAVED_SEARCH_ANNONCES');
    expect(alert).toMatchObject({
      title: 'Peugeot rouges',
      isI18n: false,
      savedSearchId: created.json().id,
      savedSearchDescription: '« peugeot » · Rouge',
    });
    expect(ids(alert)).toEqual([x.a, x.f]);
  });

  it('refuses half a position', async () => {
    const res = await t.injectAs(user, {
      method: 'POST',
      url: '/home/getHomeData',
      ...form({ latitude: 'north', longitude: 1.4 }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ invalidField: 'latitude' });
  });
});

const ids = (group: HomeGroup | undefined) => group!.annonces.map((card: DiscoveryCard) => card.id);

describe('the home kept for a user', () => {
  let t: TestApp;
  let c: Catalogue;
  let x: Fixture;

  beforeAll(async () => {
    t = await buildTestApp();
    c = await catalogue(t.db);
    x = await buildFixture(t.db, c);
  });
  afterAll(async () => {
    await t?.close();
  });

  const home = async (as: TestUser) => {
    const res = await t.injectAs(as, {
      method: 'POST',
      url: '/home/getHomeData',
      ...form({ latitude: PLACES.toulouse.latitude, longitude: PLACES.toulouse.longitude }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    return res.json() as HomeGroup[];
  };
  const section = (groups: HomeGroup[], type: string) =>
    groups.find((group) => group.annonceType === type)!;
  const card = (groups: HomeGroup[], id: number) =>
    section(groups, 'LAST_ANNONCES').annonces.find((item: DiscoveryCard) => item.id === id)!;

  it('shows a newly validated announcement from the next visit, and drops a withdrawn one at once', async () => {
    const viewer = await buildUser(t.db);
    const first = await home(viewer);
    expect(await home(viewer)).toEqual(first);
    const { id } = await buildAnnonce(t.db, {
      vehicleTypeId: c.car,
      theftLatitude: PLACES.blagnac.latitude,
      theftLongitude: PLACES.blagnac.longitude,
      validatedAt: new Date('2026-11-21T10:00:00Z'),
    });
    // The visit that finds the lists moved on gets the kept home at once (none of its cards left
    // the lists) while it is rebuilt off the request path; a visit after the rebuild has it.
    expect(await home(viewer)).toEqual(first);
    await vi.waitFor(async () => {
      const after = await home(viewer);
      expect(ids(section(after, 'LAST_ANNONCES'))).toContain(id);
      expect(ids(section(after, 'CLOSE_ANNONCES'))).toContain(id);
    });
    await t.db.update(annonces).set({ status: 'FINISHED' }).where(eq(annonces.id, id));
    const withdrawn = await home(viewer);
    expect(ids(section(withdrawn, 'LAST_ANNONCES'))).not.toContain(id);
    expect(ids(section(withdrawn, 'CLOSE_ANNONCES'))).not.toContain(id);
  });

  it('writes each home it builds once: the visits that answer it send the same bytes', async () => {
    const viewer = await buildUser(t.db);
    const written = vi.mocked(cardJson.cardListsBytes);
    written.mockClear();
    // Built on this visit: the next, with the same flags, answers what this one wrote.
    const first = await home(viewer);
    expect(await home(viewer)).toEqual(first);
    expect(written).toHaveBeenCalledTimes(1);
    // A validation moves every kept home on: rebuilt off the request path, the new home is
    // written by the first visit that answers it, and only then.
    const { id } = await buildAnnonce(t.db, {
      vehicleTypeId: c.car,
      validatedAt: new Date('2026-11-24T10:00:00Z'),
    });
    expect(await home(viewer)).toEqual(first);
    await vi.waitFor(async () =>
      expect(ids(section(await home(viewer), 'LAST_ANNONCES'))).toContain(id),
    );
    expect(ids(section(await home(viewer), 'LAST_ANNONCES'))).toContain(id);
    expect(written).toHaveBeenCalledTimes(2);
  });

  it("past its lists' delay, answers the kept home once more while it is rebuilt, and rebuilds on the visit after a minute", async () => {
    const viewer = await buildUser(t.db);
    const first = await home(viewer);
    // An announcement that no write announced (as a boost running out is): the generation is put
    // back, so only the lists' delay brings it.
    const [generation] = (
      (await t.db.execute(
        sql`select last_value, is_called from discovery_generation`,
      )) as unknown as {
        rows: { last_value: string; is_called: boolean }[];
      }
    ).rows;
    const unannounced = async () => {
      const { id } = await buildAnnonce(t.db, {
        vehicleTypeId: c.car,
        validatedAt: new Date('2026-11-23T10:00:00Z'),
      });
      await t.db.execute(
        sql`select setval('discovery_generation', ${Number(generation!.last_value)}, ${generation!.is_called})`,
      );
      return id;
    };
    const soon = await unannounced();
    expect(await home(viewer)).toEqual(first);
    t.clock.advance(31_000);
    expect(ids(section(await home(viewer), 'LAST_ANNONCES'))).not.toContain(soon);
    await vi.waitFor(async () =>
      expect(ids(section(await home(viewer), 'LAST_ANNONCES'))).toContain(soon),
    );

    const later = await unannounced();
    t.clock.advance(61_000);
    expect(ids(section(await home(viewer), 'LAST_ANNONCES'))).toContain(later);
  });

  it("refreshes a kept home's alert sections when an announcement is validated or withdrawn", async () => {
    const viewer = await buildUser(t.db);
    const created = await t.injectAs(viewer, {
      method: 'POST',
      url: '/savedSearch',
      ...form({ name: 'Mes 3008', modelIds: `[${c.p3008}]` }),
    });
    expect(created.statusCode, created.body).toBe(200);
    const first = section(await home(viewer), 'SAVED_SEARCH_ANNONCES');
    expect(first.title).toBe('Mes 3008');
    const { id } = await buildAnnonce(t.db, {
      vehicleTypeId: c.car,
      brandId: c.peugeot,
      modelId: c.p3008,
      validatedAt: new Date('2026-11-22T10:00:00Z'),
    });
    expect(ids(section(await home(viewer), 'SAVED_SEARCH_ANNONCES'))).not.toContain(id);
    await vi.waitFor(async () => {
      const after = section(await home(viewer), 'SAVED_SEARCH_ANNONCES');
      expect(ids(after)).toContain(id);
      expect(after.savedSearchDescription).toBe(first.savedSearchDescription);
    });
    await t.db.update(annonces).set({ status: 'FINISHED' }).where(eq(annonces.id, id));
    expect(ids(section(await home(viewer), 'SAVED_SEARCH_ANNONCES'))).not.toContain(id);
  });

  it('after a validation, finds again only the alert lists the new announcement can enter', async () => {
    // The lists are kept through the search index's change log: wait for the index.
    await vi.waitFor(
      async () => {
        const health = await t.app.inject({ method: 'GET', url: '/health' });
        expect(health.json().searchIndex).toBe('ready');
      },
      { timeout: 30_000 },
    );
    const viewer = await buildUser(t.db);
    // Around a place: the searches the index answers (isIndexable), so that its finds tell.
    const around = { ...PLACES.blagnac, locationRadius: 20 };
    for (const [name, modelId] of [
      ['Mes 3008', c.p3008],
      ['Mes Clio', c.clio],
    ] as const) {
      const created = await t.injectAs(viewer, {
        method: 'POST',
        url: '/savedSearch',
        ...form({ name, modelIds: `[${modelId}]`, ...around }),
      });
      expect(created.statusCode, created.body).toBe(200);
    }
    const alert = (groups: HomeGroup[], title: string) =>
      groups.find(
        (group) => group.annonceType === 'SAVED_SEARCH_ANNONCES' && group.title === title,
      );
    const finds = vi.spyOn(AnnonceSearchIndex.prototype, 'find');
    try {
      const asked = (modelId: number) =>
        finds.mock.calls.filter(([query]) => query.criteria.modelIds.includes(modelId)).length;
      const first = await home(viewer);
      // Both found through the index at first: the check below is not vacuous.
      expect(asked(c.p3008)).toBeGreaterThan(0);
      expect(asked(c.clio)).toBeGreaterThan(0);
      finds.mockClear();

      const { id } = await buildAnnonce(t.db, {
        vehicleTypeId: c.car,
        brandId: c.peugeot,
        modelId: c.p3008,
        theftLatitude: PLACES.blagnac.latitude,
        theftLongitude: PLACES.blagnac.longitude,
        validatedAt: new Date('2026-11-25T10:00:00Z'),
      });
      await vi.waitFor(async () =>
        expect(ids(alert(await home(viewer), 'Mes 3008'))).toContain(id),
      );
      // The 3008 list was found again; the Clio list, which a 3008 cannot enter, was kept.
      expect(asked(c.p3008)).toBeGreaterThan(0);
      expect(asked(c.clio)).toBe(0);
      expect(ids(alert(await home(viewer), 'Mes Clio'))).toEqual(ids(alert(first, 'Mes Clio')));

      // A Clio validated next is found at once in its list all the same.
      const clio = await buildAnnonce(t.db, {
        vehicleTypeId: c.car,
        brandId: c.renault,
        modelId: c.clio,
        theftLatitude: PLACES.blagnac.latitude,
        theftLongitude: PLACES.blagnac.longitude,
        validatedAt: new Date('2026-11-25T11:00:00Z'),
      });
      await vi.waitFor(async () =>
        expect(ids(alert(await home(viewer), 'Mes Clio'))).toContain(clio.id),
      );
    } finally {
      finds.mockRestore();
    }
  });

  it("reads each user's favourites and views anew, and never hands one user's home to another", async () => {
    const one = await buildUser(t.db);
    const other = await buildUser(t.db);
    expect(card(await home(one), x.a)).toMatchObject({
      annonceFavorite: false,
      userHasSeenAnnonce: false,
    });
    await home(other);
    await t.db.insert(favourites).values({ userId: one.id, annonceId: x.a });
    await t.db.insert(annonceViews).values({ userId: one.id, annonceId: x.b });
    const mine = await home(one);
    expect(card(mine, x.a)).toMatchObject({ annonceFavorite: true, userHasSeenAnnonce: false });
    expect(card(mine, x.b)).toMatchObject({ annonceFavorite: false, userHasSeenAnnonce: true });
    const theirs = await home(other);
    expect(card(theirs, x.a)).toMatchObject({ annonceFavorite: false, userHasSeenAnnonce: false });
    expect(card(theirs, x.b)).toMatchObject({ userHasSeenAnnonce: false });
    // The owner's own announcements count as seen for the owner only.
    expect(card(await home(x.owner), x.c).userHasSeenAnnonce).toBe(true);
    expect(card(await home(x.owner), x.c).isMine).toBe(true);
  });

  it("answers a browser's visits with the kept home compressed, never with stale flags", async () => {
    const one = await buildUser(t.db);
    // Where `home` asks from, so that both ask for the same kept home.
    const asked = form({
      latitude: PLACES.toulouse.latitude,
      longitude: PLACES.toulouse.longitude,
    });
    const visit = async () => {
      const res = await t.injectAs(one, {
        method: 'POST',
        url: '/home/getHomeData',
        ...asked,
        headers: { ...asked.headers, 'accept-encoding': 'gzip, deflate, br, zstd' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      return JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString()) as HomeGroup[];
    };
    const first = await visit();
    expect(first).toEqual(await home(one));
    // Kept: from the visit after the one that built it, the same answer from the same compressed
    // bytes, not compressed again.
    expect(await visit()).toEqual(first);
    const brotli = vi.spyOn(zlib, 'brotliCompressSync');
    try {
      expect(await visit()).toEqual(first);
      expect(brotli).not.toHaveBeenCalled();
    } finally {
      brotli.mockRestore();
    }
    await t.db.insert(favourites).values({ userId: one.id, annonceId: x.a });
    expect(card(await visit(), x.a).annonceFavorite).toBe(true);
  });

  it('shows a new alert at once, and forgets a deleted one', async () => {
    const viewer = await buildUser(t.db);
    expect(section(await home(viewer), 'SAVED_SEARCH_ANNONCES')).toBeUndefined();
    const created = await t.injectAs(viewer, {
      method: 'POST',
      url: '/savedSearch',
      ...form({ name: 'Citroën', brandIds: `[${c.citroen}]` }),
    });
    expect(ids(section(await home(viewer), 'SAVED_SEARCH_ANNONCES'))).toEqual([x.b]);
    await t.injectAs(viewer, { method: 'DELETE', url: `/savedSearch/${created.json().id}` });
    expect(section(await home(viewer), 'SAVED_SEARCH_ANNONCES')).toBeUndefined();
  });
});

describe('the home names its first photo in a header', () => {
  let t: TestApp;
  let user: TestUser;
  let x: Fixture;

  beforeAll(async () => {
    ({ t, user, x } = await buildDiscoveryApp());
  });
  afterAll(async () => {
    await t?.close();
  });

  const home = (as: TestUser) =>
    t.injectAs(as, { method: 'POST', url: '/home/getHomeData', ...form({}) });

  it('names the first row’s first photo, at its rank, on the visit that builds it and after', async () => {
    // The latest row is c, d, b, a, f: d (second) gets a photo.
    const [file] = await t.db
      .insert(storedFiles)
      .values({
        storageKey: 'photos/first-photo-test.jpg',
        originalFileName: 'velo.jpg',
        mimeType: 'image/jpeg',
        sizeBytes: 1000,
        visibility: 'public',
        width: 1200,
        height: 900,
      })
      .returning({ id: storedFiles.id });
    await t.db.insert(annoncePhotos).values({ annonceId: x.d, fileId: file!.id, position: 0 });
    for (let visit = 0; visit < 2; visit += 1) {
      const res = await home(user);
      const groups = res.json() as HomeGroup[];
      const card = groups[0]!.annonces[1]!;
      expect(card.id).toBe(x.d);
      expect(card.vehicleFiles[0]!.sources.length).toBeGreaterThan(0);
      expect(JSON.parse(String(res.headers['home-first-photo']))).toEqual({
        rank: 1,
        sources: card.vehicleFiles[0]!.sources,
      });
    }
  });
});

describe('filters modal calls', () => {
  let t: TestApp;
  let user: TestUser;
  let c: Catalogue;

  beforeAll(async () => {
    t = await buildTestApp();
    user = await buildUser(t.db);
    c = await catalogue(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = async (url: string, fields: Record<string, string | number | null>) => {
    const res = await t.injectAs(user, { method: 'POST', url, ...form(fields) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('lists colours with the selection and the search box', async () => {
    const options: SubFilterOption[] = await post('/search/getSubFilterObjectsForOptions', {
      objectType: 'color',
      subFilterSearch: 'ro',
      subFiltersValues_Colors: '["RED"]',
    });
    expect(options).toHaveLength(16);
    expect(options.find((option) => option.enumValue === 'RED')).toEqual({
      id: null,
      enumValue: 'RED',
      name: 'Rouge',
      isHigherCategory: false,
      higherCategoryId: null,
      rangeOfHigherCategory: null,
      isSelected: true,
      isVisible: true,
    });
    expect(options.filter((option) => option.isVisible).map((option) => option.enumValue)).toEqual([
      'BROWN',
      'PINK',
      'RED',
    ]);
  });

  it('lists the brands of the chosen types, matching the search box', async () => {
    const options: SubFilterOption[] = await post('/search/getSubFilterObjectsForOptions', {
      objectType: 'brand',
      subFilterSearch: 'peug',
      subFiltersValues_VehicleTypeIds: `[${c.car}]`,
      subFiltersValues_BrandIds: `[${c.renault}]`,
    });
    expect(options.filter((option) => option.isVisible).map((option) => option.name)).toEqual([
      'Peugeot',
    ]);
    // The selected brand stays in the list, hidden by the search.
    expect(options.find((option) => option.id === c.renault)).toMatchObject({
      isSelected: true,
      isVisible: false,
    });
  });

  it('groups the models under their brand; none without a brand', async () => {
    const options: SubFilterOption[] = await post('/search/getSubFilterObjectsForOptions', {
      objectType: 'model',
      subFiltersValues_VehicleTypeIds: `[${c.car}]`,
      subFiltersValues_BrandIds: `[${c.citroen},${c.peugeot}]`,
      subFiltersValues_ModelIds: `[${c.p208}]`,
      subFiltersValues_ModelHigherCategoryIds: `[${c.citroen}]`,
      subFilterSearch: '208',
    });
    const headers = options.filter((option) => option.isHigherCategory);
    expect(
      headers.map((header) => [header.name, header.rangeOfHigherCategory, header.isSelected]),
    ).toEqual([
      ['Citroën', 0, true],
      ['Peugeot', 1, false],
    ]);
    expect(headers.map((header) => header.isVisible)).toEqual([false, true]);
    expect(
      options.find((option) => option.id === c.p208 && !option.isHigherCategory),
    ).toMatchObject({
      name: '208',
      higherCategoryId: c.peugeot,
      rangeOfHigherCategory: 1,
      isSelected: true,
      isVisible: true,
    });
    expect(await post('/search/getSubFilterObjectsForOptions', { objectType: 'model' })).toEqual(
      [],
    );
  });

  it('tells which lower selections a deselection orphans', async () => {
    expect(
      await post('/search/getIdsFromListNotLinkedToHigherFilterIds', {
        higherFilterObjectType: 'brand',
        higherFilterIds: `[${c.peugeot}]`,
        subFilterToFilterObjectType: 'model',
        subFilterToFilterIds: `[${c.p208},${c.c3}]`,
      }),
    ).toEqual([c.c3]);
    expect(
      await post('/search/getIdsFromListNotLinkedToHigherFilterIds', {
        higherFilterObjectType: 'brand',
        higherFilterIds: '[]',
        subFilterToFilterObjectType: 'model',
        subFilterToFilterIds: `[${c.p208}]`,
      }),
    ).toEqual([c.p208]);
    expect(
      await post('/search/getIdsFromListNotLinkedToHigherFilterIds', {
        higherFilterObjectType: 'vehicleType',
        higherFilterIds: `[${c.bicycle}]`,
        subFilterToFilterObjectType: 'brand',
        subFilterToFilterIds: `[${c.peugeot},${c.btwin}]`,
      }),
    ).toEqual([]);
    expect(
      await post('/search/getIdsFromListNotLinkedToHigherFilterIds', {
        higherFilterObjectType: 'model',
        higherFilterIds: `[${c.p3008}]`,
        subFilterToFilterObjectType: 'modelFinish',
        subFilterToFilterIds: `[${c.allure}]`,
      }),
    ).toEqual([c.allure]);
    const wrong = await t.injectAs(user, {
      method: 'POST',
      url: '/search/getIdsFromListNotLinkedToHigherFilterIds',
      ...form({
        higherFilterObjectType: 'model',
        higherFilterIds: '[1]',
        subFilterToFilterObjectType: 'brand',
        subFilterToFilterIds: '[1]',
      }),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ invalidField: 'subFilterToFilterObjectType' });
  });

  it('tells which group headers a bulk toggle completes or breaks', async () => {
    const finishes: SubFilterOption[] = await post('/search/getSubFilterObjectsForOptions', {
      objectType: 'modelFinish',
      subFiltersValues_ModelIds: `[${c.p208}]`,
    });
    const all208 = finishes.filter((option) => !option.isHigherCategory).map((option) => option.id);
    expect(all208.length).toBeGreaterThan(1);
    expect(
      await post('/search/getConcernedHiddenHigherCategoryIdsToToggle', {
        objectType: 'modelFinish',
        isSelected: 'true',
        toggledElementIds: JSON.stringify(all208.slice(1)),
        subFiltersValues_ModelFinishIds: JSON.stringify(all208.slice(0, 1)),
      }),
    ).toEqual([c.p208]);
    expect(
      await post('/search/getConcernedHiddenHigherCategoryIdsToToggle', {
        objectType: 'modelFinish',
        isSelected: 'true',
        toggledElementIds: JSON.stringify(all208.slice(1)),
      }),
    ).toEqual([]);
    expect(
      await post('/search/getConcernedHiddenHigherCategoryIdsToToggle', {
        objectType: 'modelFinish',
        isSelected: 'false',
        toggledElementIds: JSON.stringify(all208.slice(0, 1)),
        subFiltersValues_ModelFinishHigherCategoryIds: `[${c.p208}]`,
      }),
    ).toEqual([c.p208]);
  });

  it('writes the filter button labels', async () => {
    expect(
      await post('/search/getDisplaySelectedValuesTextForObjectType', {
        objectType: 'brand',
        isEnum: 'false',
        objectTypeValues: `[${c.peugeot},${c.citroen}]`,
      }),
    ).toEqual({
      displaySelectedValuesText: 'Peugeot, Citroën',
      nbSelected: 2,
      displaySelectedValueCode: null,
      displaySelectedValuesCode: 'search.filters.selected.many',
    });
    expect(
      await post('/search/getDisplaySelectedValuesTextForObjectType', {
        objectType: 'energy',
        isEnum: 'true',
        objectTypeValues: '["GASOIL"]',
      }),
    ).toEqual({
      displaySelectedValuesText: 'Essence',
      nbSelected: 1,
      displaySelectedValueCode: 'GASOIL',
      displaySelectedValuesCode: 'search.filters.selected.one',
    });
  });
});
