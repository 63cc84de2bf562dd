import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  COLORS,
  EARTH_RADIUS_KM,
  ENERGIES,
  normalizeCriteria,
  sortPutsBoostedFirst,
  type LatLng,
  type SearchCriteria,
} from '@app/domain';
import { annonces, favourites } from '../../db/schema/index';
import { buildAnnonce, buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { AnnonceSearchIndex, isIndexable, type IndexedAnnonce } from './annonce-search-index';
import { catalogue, PLACES, type Catalogue } from './testing/discovery-fixture';
import { createSearchIndexSync, type SearchIndexSync } from './search-index-sync';
import { unitVector } from './search-grid';
import type { ListOrder } from './search-order';
import { findAnnonces } from './search-plan-choice';

/** A small deterministic generator (mulberry32): the same announcements and searches every run. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let r = Math.imul(state ^ (state >>> 15), 1 | state);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  const some = <T>(values: readonly T[], most: number): T[] => [
    ...new Set(Array.from({ length: 1 + Math.floor(next() * most) }, () => pick(values))),
  ];
  return { next, pick, some };
}

const WORDS = ['rouge', 'capitole', 'parking', 'volée', 'antivol', 'gare', 'nuit', 'école'];
const ORDERS: ListOrder[] = [
  'PROXIMITY',
  'MOST_RECENT',
  'LEAST_RECENT',
  'REWARD_DESC',
  'REWARD_ASC',
];
/** The first page nearest `place` under the criteria (a radius among them); null: the index gave up. */
function nearestPage(
  index: AnnonceSearchIndex,
  place: LatLng,
  criteria: Partial<SearchCriteria>,
  now: Date,
) {
  return index.find({
    criteria: normalizeCriteria({ ...place, ...criteria }),
    order: 'PROXIMITY',
    from: place,
    boostedFirst: false,
    offset: 0,
    limit: 13,
    now,
    cap: 100,
  });
}

/** The squared chord between two places, as the index orders by it. */
function squaredChordOf(p: LatLng, q: { latitude: number | null; longitude: number | null }) {
  const [a, b] = [unitVector(p.latitude, p.longitude), unitVector(q.latitude!, q.longitude!)];
  return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2;
}

/** An announcement with a place, a type and words, validated at its id, nothing else set. */
function placedAnnonce(
  row: Pick<IndexedAnnonce, 'id' | 'latitude' | 'longitude' | 'vehicleTypeId' | 'words'>,
): IndexedAnnonce {
  return {
    ...row,
    brandId: null,
    modelId: null,
    modelFinishId: null,
    color: null,
    energy: null,
    fiscalPower: null,
    validatedAt: row.id,
    additionalRewardLevel: 0,
    boostEndDate: null,
  };
}

const colorValues = COLORS.map((color) => color.value).slice(0, 5);
const energyValues = ENERGIES.map((energy) => energy.value).slice(0, 4);

/**
 * The in-memory index must answer exactly what PostgreSQL answers (findAnnonces): the same pages
 * in the same order, the same distances and the same capped totals, for every filter and order it
 * serves, on both databases.
 */
describe.each([
  // Every word a bitset, every row in cell order.
  { variant: 'frequent words', index: { frequentMin: 1 }, loadFirst: false },
  // Every word a slot list: a word drives the search.
  { variant: 'rare words', index: { frequentMin: 1e9 }, loadFirst: false },
  // Loaded empty, every row arriving through the change log into the tail, never rebuilt.
  { variant: 'rows changed since the load', index: { tailRebuildMin: 1e9 }, loadFirst: true },
  // The same, rebuilt in cell order after each sync that brought changes.
  { variant: 'rebuilt after changes', index: { tailRebuildMin: 1 }, loadFirst: true },
])('in-memory search index: $variant', ({ index: indexOptions, loadFirst }) => {
  let t: TestApp;
  let c: Catalogue;
  let sync: SearchIndexSync;

  beforeAll(async () => {
    t = await buildTestApp();
    c = await catalogue(t.db);
    sync = createSearchIndexSync({ db: t.db, index: indexOptions });
    if (loadFirst) await sync.start();
    const { next, pick, some } = random(7);
    const owner = await buildUser(t.db);
    const vehicles = [
      { vehicleTypeId: c.car, brandId: c.peugeot, modelId: c.p208, modelFinishId: c.allure },
      { vehicleTypeId: c.car, brandId: c.peugeot, modelId: c.p3008, modelFinishId: null },
      { vehicleTypeId: c.car, brandId: c.citroen, modelId: c.c3, modelFinishId: null },
      { vehicleTypeId: c.car, brandId: c.renault, modelId: c.clio, modelFinishId: null },
      { vehicleTypeId: c.bicycle, brandId: c.btwin, modelId: null, modelFinishId: null },
    ];
    // 240 announcements within about 80 km of Toulouse, a few without a position.
    for (let index = 0; index < 240; index += 1) {
      const located = index % 40 !== 0;
      await buildAnnonce(t.db, {
        ownerId: owner.id,
        ...pick(vehicles),
        color: pick([...colorValues, null]),
        energy: pick([...energyValues, null]),
        fiscalPower: pick([null, 3, 4, 5, 6, 8, 11]),
        theftLatitude: located ? PLACES.toulouse.latitude + (next() - 0.5) * 1.4 : null,
        theftLongitude: located ? PLACES.toulouse.longitude + (next() - 0.5) * 1.9 : null,
        description: some(WORDS, 3).join(' '),
        // Shared dates and levels: the id must break the ties.
        validatedAt: new Date(Date.UTC(2026, 9, 1 + Math.floor(next() * 20))),
        additionalRewardLevel: pick([0, 0, 1, 2, 3, 5]),
        boostEndDate: pick([null, null, new Date('2026-12-01'), new Date('2026-11-01')]),
        status: index % 17 === 0 ? 'TO_VALIDATE' : 'VALIDATED',
      });
    }
    if (!loadFirst) await sync.start();
  });
  afterAll(async () => {
    await sync?.close();
    await t?.close();
  });

  async function compare(criteria: SearchCriteria, order: ListOrder, offset = 0) {
    const from = { latitude: criteria.latitude!, longitude: criteria.longitude! };
    const options = {
      criteria,
      order,
      from,
      boostedFirst: sortPutsBoostedFirst(order as never),
      offset,
      limit: 13,
      now: t.clock.now(),
      cap: 100,
    };
    const index = (await sync.current())!;
    const fromIndex = index.find(options)!;
    const fromDatabase = await findAnnonces(t.db, { ...options, withTotal: true });
    const context = JSON.stringify({ criteria, order, offset });
    expect(
      fromIndex.items.map((item) => item.id),
      context,
    ).toEqual(fromDatabase.items.map((item) => item.id));
    expect(fromIndex.total, context).toBe(fromDatabase.total);
    fromIndex.items.forEach((item, at) => {
      expect(item.distanceKm!).toBeCloseTo(fromDatabase.items[at]!.distanceKm!, 6);
    });
    return fromIndex;
  }

  it('answers every order and filter as PostgreSQL does', async () => {
    const { next, pick, some } = random(11);
    let nonEmpty = 0;
    for (let round = 0; round < 120; round += 1) {
      const centre = pick([PLACES.toulouse, PLACES.blagnac, PLACES.muret]);
      const criteria = normalizeCriteria({
        latitude: centre.latitude,
        longitude: centre.longitude,
        locationRadius: pick([1, 5, 20, 50, 200]),
        researchText: next() < 0.4 ? some(WORDS, 2).join(' ') : null,
        vehicleTypeIds: next() < 0.3 ? [pick([c.car, c.bicycle])] : [],
        brandIds: next() < 0.3 ? some([c.peugeot, c.citroen, c.renault, c.btwin], 2) : [],
        modelIds: next() < 0.15 ? some([c.p208, c.p3008, c.c3], 2) : [],
        modelFinishIds: next() < 0.05 ? [c.allure] : [],
        colors: next() < 0.3 ? some(colorValues, 3) : [],
        energies: next() < 0.3 ? some(energyValues, 2) : [],
        minFiscalPower: next() < 0.2 ? pick([4, 5, 6]) : null,
        maxFiscalPower: next() < 0.2 ? pick([5, 8, 10]) : null,
      });
      const order = ORDERS[round % ORDERS.length]!;
      expect(isIndexable(criteria, order)).toBe(true);
      const found = await compare(criteria, order, round % 7 === 0 ? 13 : 0);
      if (found.items.length > 0) nonEmpty += 1;
    }
    // The rounds did exercise pages, not only empty answers.
    expect(nonEmpty).toBeGreaterThan(40);
  });

  it('caps the total as the search does (more than 100: null)', async () => {
    const criteria = normalizeCriteria({ ...PLACES.toulouse, locationRadius: 200 });
    const found = await compare(criteria, 'PROXIMITY');
    expect(found.total).toBeNull();
    const deep = await compare(criteria, 'MOST_RECENT', 100);
    expect(deep.items.length).toBeGreaterThan(0);
  });

  it('gives up beyond its match limit, and only then', async () => {
    const strict = new AnnonceSearchIndex({ maxMatches: 10 });
    for (const id of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]) {
      strict.upsert(
        placedAnnonce({
          id,
          latitude: PLACES.toulouse.latitude,
          longitude: PLACES.toulouse.longitude + id / 1000,
          vehicleTypeId: id <= 3 ? c.bicycle : c.car,
          words: id === 11 ? ['unique'] : ['commun'],
        }),
      );
    }
    strict.rebuild();
    const page = (criteria: Partial<SearchCriteria>) =>
      nearestPage(strict, PLACES.toulouse, { locationRadius: 10, ...criteria }, t.clock.now());
    expect(page({})).toBeNull();
    expect(page({ researchText: 'commun' })).toMatchObject({ total: 10 });
    expect(page({ vehicleTypeIds: [c.bicycle] })?.items.map((item) => item.id)).toEqual([1, 2, 3]);
    expect(page({ researchText: 'unique' })?.items.map((item) => item.id)).toEqual([11]);
  });

  it('does not serve searches without a location or sorted by views', () => {
    expect(isIndexable(normalizeCriteria({ researchText: 'rouge' }), 'MOST_RECENT')).toBe(false);
    const located = normalizeCriteria({ ...PLACES.toulouse, locationRadius: 10 });
    expect(isIndexable(located, 'MOST_VIEWED')).toBe(false);
    expect(isIndexable(located, 'LEAST_VIEWED')).toBe(false);
    expect(isIndexable(located, 'PROXIMITY')).toBe(true);
  });

  it('sees every committed write at the next search: validation, edit, withdrawal, deletion', async () => {
    const idsNear = async () =>
      nearestPage(
        (await sync.current())!,
        PLACES.toulouse,
        { locationRadius: 1, researchText: 'introuvable' },
        t.clock.now(),
      )!.items.map((item) => item.id);
    expect(await idsNear()).toEqual([]);

    const waiting = await buildAnnonce(t.db, {
      status: 'TO_VALIDATE',
      description: 'introuvable',
      ...{ theftLatitude: PLACES.toulouse.latitude, theftLongitude: PLACES.toulouse.longitude },
    });
    expect(await idsNear()).toEqual([]);
    await t.db.update(annonces).set({ status: 'VALIDATED' }).where(eq(annonces.id, waiting.id));
    expect(await idsNear()).toEqual([waiting.id]);

    // Moved 30 km away: out of the 1 km radius.
    await t.db.update(annonces).set({ theftLatitude: 43.9 }).where(eq(annonces.id, waiting.id));
    expect(await idsNear()).toEqual([]);
    await t.db
      .update(annonces)
      .set({ theftLatitude: PLACES.toulouse.latitude })
      .where(eq(annonces.id, waiting.id));
    expect(await idsNear()).toEqual([waiting.id]);

    // Words edited: the search text no longer matches.
    await t.db.update(annonces).set({ description: 'autre' }).where(eq(annonces.id, waiting.id));
    expect(await idsNear()).toEqual([]);
    await t.db
      .update(annonces)
      .set({ description: 'introuvable' })
      .where(eq(annonces.id, waiting.id));
    expect(await idsNear()).toEqual([waiting.id]);

    // A write that rolls back changes nothing.
    await t.db
      .transaction(async (tx) => {
        await tx.update(annonces).set({ status: 'WITHDRAWN' }).where(eq(annonces.id, waiting.id));
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await idsNear()).toEqual([waiting.id]);

    await t.db.update(annonces).set({ status: 'WITHDRAWN' }).where(eq(annonces.id, waiting.id));
    expect(await idsNear()).toEqual([]);

    const other = await buildAnnonce(t.db, { description: 'introuvable' });
    expect(await idsNear()).toEqual([other.id]);
    await t.db.delete(annonces).where(eq(annonces.id, other.id));
    expect(await idsNear()).toEqual([]);
  });

  it('sees a write whose transaction commits after a later one was synced', async (context) => {
    // PostgreSQL only: PGlite is one backend with one session, so a second transaction cannot be
    // open while another commits (a query sent meanwhile waits for the first to end), and no
    // snapshot ever has a transaction in progress: the case this test is about cannot happen there.
    if (t.deps.database.kind !== 'postgres') context.skip();
    const place = { theftLatitude: PLACES.muret.latitude, theftLongitude: PLACES.muret.longitude };
    const idsNear = async () =>
      nearestPage(
        (await sync.current())!,
        PLACES.muret,
        { locationRadius: 1, researchText: 'retardataire' },
        t.clock.now(),
      )!
        .items.map((item) => item.id)
        .sort((p, q) => p - q);
    const owner = await buildUser(t.db);
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    let written!: (id: number) => void;
    const early = new Promise<number>((resolve) => (written = resolve));
    const slow = t.db.transaction(async (tx) => {
      const annonce = await buildAnnonce(tx as never, {
        ownerId: owner.id,
        description: 'retardataire',
        ...place,
      });
      written(annonce.id);
      await committing;
    });
    const earlyId = await early;
    // A later transaction commits first and is synced while the slow one is still open.
    const late = await buildAnnonce(t.db, {
      ownerId: owner.id,
      description: 'retardataire',
      ...place,
    });
    expect(await idsNear()).toEqual([late.id]);
    commit();
    await slow;
    expect(await idsNear()).toEqual([earlyId, late.id].sort((p, q) => p - q));
  });

  it('tells the viewers whose marks a transaction committing after a later one wrote', async (context) => {
    // PostgreSQL only, as the test above.
    if (t.deps.database.kind !== 'postgres') context.skip();
    const told: number[] = [];
    const stop = sync.onMarksChange((userIds) => told.push(...(userIds ?? [])));
    const [slowViewer, lateViewer] = [await buildUser(t.db), await buildUser(t.db)];
    const annonce = await buildAnnonce(t.db, {});
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    let written!: () => void;
    const early = new Promise<void>((resolve) => (written = resolve));
    const slow = t.db.transaction(async (tx) => {
      await tx.insert(favourites).values({ userId: slowViewer.id, annonceId: annonce.id });
      written();
      await committing;
    });
    await early;
    await t.db.insert(favourites).values({ userId: lateViewer.id, annonceId: annonce.id });
    await sync.current();
    expect(told).toContain(lateViewer.id);
    expect(told).not.toContain(slowViewer.id);
    commit();
    await slow;
    await sync.current();
    expect(told).toContain(slowViewer.id);
    stop();
  });

  it('loads again after sleeping longer than the log is kept', async () => {
    let now = Date.now();
    const sleeper = createSearchIndexSync({ db: t.db, index: indexOptions, now: () => now });
    await sleeper.start();
    const held = (await sleeper.current())!.count;
    // Asleep 13 hours; meanwhile an announcement was validated and its change pruned unseen.
    const late = await buildAnnonce(t.db, { description: 'endormi' });
    await t.db.execute(sql`delete from discovery_changes where annonce_id = ${late.id}`);
    now += 13 * 3600_000;
    await sleeper.tick();
    expect(sleeper.loaded).toBe(true);
    const index = (await sleeper.current())!;
    expect(index.count).toBe(held + 1);
    expect(index.has(late.id)).toBe(true);
    await sleeper.close();
  });

  it('logs only the writes a search reads', async () => {
    const annonce = await buildAnnonce(t.db, {});
    const logged = async () =>
      Number(
        (
          (await t.db.execute(
            sql`select count(*)::int as n from discovery_changes where annonce_id = ${annonce.id}`,
          )) as { rows: { n: number }[] }
        ).rows[0]!.n,
      );
    expect(await logged()).toBe(1);
    await t.db.update(annonces).set({ nbViews: 12 }).where(eq(annonces.id, annonce.id));
    expect(await logged()).toBe(1);
    await t.db.update(annonces).set({ fiscalPower: 9 }).where(eq(annonces.id, annonce.id));
    expect(await logged()).toBe(2);
  });
});

describe('the nearest-first walk of the grid', () => {
  // Every cell read whole, then every cell of more than 8 rows read by sub-cell when it may be.
  it.each([
    ['whole cells', 1_000_000],
    ['sub-cells', 8],
  ])('stops early yet gives the page a full sort gives, over dense cells (%s)', (_, splitFrom) => {
    const { next, pick } = random(7);
    const index = new AnnonceSearchIndex({ frequentMin: 1, subCellWalkMin: splitFrom });
    const rowAt = (at: number) => ({
      id: at + 1,
      // Three degrees square around Toulouse: about 150 cells, 40 rows each.
      latitude: PLACES.toulouse.latitude + (next() - 0.5) * 3,
      longitude: PLACES.toulouse.longitude + (next() - 0.5) * 3,
      vehicleTypeId: pick([1, 2]),
      // 'rare' is in too few rows for a bitset: its slot list drives.
      words: [pick(['rouge', 'bleu']), ...(next() < 0.012 ? ['rare'] : [])],
    });
    const store = (row: ReturnType<typeof rowAt>) => index.upsert(placedAnnonce(row));
    const rows = Array.from({ length: 6000 }, (_, at) => rowAt(at));
    rows.forEach(store);
    index.rebuild();
    // Then rows changed and added since the rebuild, in the tail.
    for (let at = 0; at < 300; at += 1) {
      const row = rowAt(at < 150 ? at * 37 : 6000 + at);
      rows[row.id - 1] = row;
      store(row);
    }
    const km = (p: LatLng, q: LatLng) => {
      const [a, b] = [p, q].map(({ latitude, longitude }) => [
        (latitude * Math.PI) / 180,
        (longitude * Math.PI) / 180,
      ]);
      const h =
        Math.sin((b![0]! - a![0]!) / 2) ** 2 +
        Math.cos(a![0]!) * Math.cos(b![0]!) * Math.sin((b![1]! - a![1]!) / 2) ** 2;
      return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));
    };
    for (let round = 0; round < 40; round += 1) {
      const centre = {
        latitude: PLACES.toulouse.latitude + (next() - 0.5) * 3,
        longitude: PLACES.toulouse.longitude + (next() - 0.5) * 3,
      };
      const radius = pick([5, 20, 60, 150]);
      const word = pick([null, 'rouge', 'rare']);
      const type = pick([null, 2]);
      const offset = pick([0, 12, 40]);
      const expected = rows
        .filter((row) => (word ? row.words.includes(word) : true))
        .filter((row) => (type ? row.vehicleTypeId === type : true))
        .map((row) => ({ id: row.id, km: km(centre, row) }))
        .filter((row) => row.km <= radius)
        .sort((p, q) => p.km - q.km || p.id - q.id);
      const found = index.find({
        criteria: normalizeCriteria({
          ...centre,
          locationRadius: radius,
          researchText: word,
          vehicleTypeIds: type ? [type] : [],
        }),
        order: 'PROXIMITY',
        from: centre,
        boostedFirst: false,
        offset,
        limit: 13,
        now: new Date(),
        cap: 100,
      })!;
      const context = JSON.stringify({ centre, radius, word, type, offset });
      expect(
        found.items.map((item) => item.id),
        context,
      ).toEqual(expected.slice(offset, offset + 13).map((row) => row.id));
      expect(found.total, context).toBe(expected.length > 100 ? null : expected.length);
    }
  });

  it('reads a dense cell from its centre: the page comes before the cell is read whole', () => {
    const { next } = random(8);
    // 6,000 rows, every one a match, spread over Paris' central cell [48.75, 49] × [2.25, 2.5].
    const rows = Array.from({ length: 6000 }, (_, at) =>
      placedAnnonce({
        id: at + 1,
        latitude: 48.75 + next() * 0.25,
        longitude: 2.25 + next() * 0.25,
        vehicleTypeId: 1,
        words: ['rouge'],
      }),
    );
    const paris = { latitude: 48.8566, longitude: 2.3522 };
    const search = (index: AnnonceSearchIndex) =>
      index.find({
        criteria: normalizeCriteria({ ...paris, locationRadius: 50, researchText: 'rouge' }),
        order: 'PROXIMITY',
        from: paris,
        boostedFirst: false,
        offset: 0,
        limit: 12,
        now: new Date(),
        cap: 100,
      });
    // Giving up past 1,000 matches: reading the cell whole passes it, its nearest sub-cells
    // (375 rows each) do not.
    const bySubCell = new AnnonceSearchIndex({ maxMatches: 1000, subCellWalkMin: 4096 });
    const whole = new AnnonceSearchIndex({ maxMatches: 1000, subCellWalkMin: 1_000_000 });
    for (const index of [bySubCell, whole]) {
      rows.forEach((row) => index.upsert(row));
      index.rebuild();
    }
    expect(search(whole)).toBeNull();
    const page = search(bySubCell)!;
    expect(page.total).toBeNull();
    const nearest = [...rows]
      .sort((p, q) => squaredChordOf(paris, p) - squaredChordOf(paris, q) || p.id - q.id)
      .slice(0, 12);
    expect(page.items.map((item) => item.id)).toEqual(nearest.map((row) => row.id));
  });
});
