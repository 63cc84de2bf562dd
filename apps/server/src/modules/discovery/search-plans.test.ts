import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeCriteria, SEARCH_SORT_VALUES, type SearchCriteria } from '@app/domain';
import { buildTestApp, type TestApp } from '../../../test/helper';
import {
  buildFixture,
  catalogue,
  PLACES,
  type Catalogue,
  type Fixture,
} from './testing/discovery-fixture';
import { coveringCells } from './search-conditions';
import type { ListOptions, ListOrder } from './search-order';
import { findAnnonces } from './search-plan-choice';
import { boundedWalk, collectAnnonces, countAnnonces, walkAnnonces } from './search-plans';

/**
 * The two plans of a search (collect the matches through the GIN index, or walk the order's index)
 * must answer the same pages: with a tiny cap the walk serves what the collect gives up on.
 */
describe('search plans', () => {
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

  const options = (
    criteria: Partial<SearchCriteria>,
    order: ListOrder,
    overrides: Partial<ListOptions> = {},
  ): ListOptions => ({
    criteria: normalizeCriteria(criteria),
    order,
    from: order === 'PROXIMITY' ? PLACES.toulouse : null,
    boostedFirst: ['MOST_RECENT', 'MOST_VIEWED', 'REWARD_DESC', 'TOP'].includes(order),
    offset: 0,
    limit: 12,
    now: t.clock.now(),
    ...overrides,
  });
  const ids = (items: { id: number }[]) => items.map((item) => item.id);

  const shapes: [string, () => Partial<SearchCriteria>][] = [
    ['text', () => ({ researchText: 'rouge' })],
    ['type', () => ({ vehicleTypeIds: [c.car] })],
    ['brand and colour', () => ({ brandIds: [c.peugeot, c.citroen], colors: ['RED'] })],
    ['model and finish', () => ({ modelIds: [c.p208], modelFinishIds: [c.allure] })],
    ['energies and fiscal power', () => ({ energies: ['DIESEL', 'GASOIL'], minFiscalPower: 5 })],
    ['radius', () => ({ ...PLACES.toulouse, locationRadius: 30 })],
    [
      'text, filters and radius',
      () => ({
        researchText: 'rouge',
        energies: ['DIESEL', 'GASOIL'],
        ...PLACES.toulouse,
        locationRadius: 50,
      }),
    ],
  ];

  for (const [name, criteria] of shapes) {
    it.each([...SEARCH_SORT_VALUES, 'TOP' as const])(
      `${name}: %s, collected or walked alike`,
      async (order) => {
        const request = options(criteria(), order);
        const collected = await collectAnnonces(t.db, { ...request, candidates: 100 });
        const walked = await walkAnnonces(t.db, request);
        expect(collected).toBeTruthy();
        expect(ids(collected!.items)).toEqual(ids(walked));
        expect(collected!.total).toBe(await countAnnonces(t.db, request.criteria, 100));
        // Over the cap, the collect gives up and findAnnonces walks.
        expect(await collectAnnonces(t.db, { ...request, candidates: 0 })).toBeNull();
        const found = await findAnnonces(t.db, {
          ...request,
          cap: 0,
          candidates: 0,
          withTotal: true,
        });
        expect(ids(found.items)).toEqual(ids(walked));
        expect(found.total).toBe(walked.length === 0 ? 0 : null);
      },
    );
  }

  it('pages the same way in both plans, and counts a page past the end', async () => {
    const request = options({ vehicleTypeIds: [c.car] }, 'MOST_RECENT', { offset: 1, limit: 2 });
    const collected = await collectAnnonces(t.db, { ...request, candidates: 100 });
    expect(ids(collected!.items)).toEqual([x.b, x.a]);
    expect(ids(await walkAnnonces(t.db, request))).toEqual([x.b, x.a]);
    const beyond = await collectAnnonces(t.db, { ...request, offset: 10, candidates: 100 });
    expect(beyond).toEqual({ items: [], total: 4 });
  });

  it('bounds a walk, and tells when the bound ran out before the matches', async () => {
    const request = options({ researchText: 'rouge' }, 'LEAST_RECENT');
    const short = await boundedWalk(t.db, { ...request, reach: 3, budget: 2 });
    expect(ids(short.items)).toEqual([x.f]);
    expect(short.exhausted).toBe(true);
    const whole = await boundedWalk(t.db, { ...request, reach: 10, budget: 100 });
    expect(ids(whole.items)).toEqual([x.f, x.a, x.b, x.d]);
    expect(whole.exhausted).toBe(false);
  });

  it('answers the same whatever the statistics make of the matches', async () => {
    const dense = { frequency: () => 0.9, rows: 1_000_000 };
    const sparse = { frequency: () => 0.000_001, rows: 1_000_000 };
    for (const [, criteria] of shapes) {
      for (const order of ['PROXIMITY', 'MOST_RECENT', 'REWARD_ASC'] as const) {
        const request = options(criteria(), order);
        const expected = await walkAnnonces(t.db, request);
        for (const statistics of [dense, sparse]) {
          const found = await findAnnonces(t.db, {
            ...request,
            cap: 100,
            withTotal: true,
            statistics,
          });
          expect(ids(found.items)).toEqual(ids(expected));
          expect(found.total).toBe(expected.length);
        }
      }
    }
  });

  it('leaves criteria-less lists to the walk', async () => {
    const request = options({}, 'MOST_RECENT');
    expect(await collectAnnonces(t.db, { ...request, candidates: 100 })).toBeUndefined();
    const found = await findAnnonces(t.db, { ...request, cap: 100, withTotal: true });
    expect(ids(found.items)).toEqual([x.c, x.d, x.b, x.a, x.f]);
    expect(found.total).toBe(5);
  });

  it('covers a radius with few cells of the finest grid that can, a superset of the circle', () => {
    expect(coveringCells({ ...PLACES.toulouse, radiusKm: 1 })!.length).toBeLessThanOrEqual(4);
    for (const radiusKm of [1, 10, 20, 50, 100, 200]) {
      const cells = coveringCells({ ...PLACES.paris, radiusKm })!;
      expect(cells.length).toBeGreaterThan(0);
      expect(cells.length).toBeLessThanOrEqual(16);
    }
    expect(coveringCells({ ...PLACES.paris, radiusKm: 50 })![0]).toMatch(/^cell2:/);
  });
});
