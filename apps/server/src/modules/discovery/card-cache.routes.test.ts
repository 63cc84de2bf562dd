import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  HomeDataResponseSchema,
  SearchAnnoncesResponseSchema,
  type DiscoveryCard,
  type SearchAnnoncesResponse,
} from '@app/domain';
import { annonces, annonceViews, favourites } from '../../db/schema/index';
import type { TestApp, TestUser } from '../../../test/helper';
import { buildUser } from '../../../test/factories';
import { buildDiscoveryApp, form, type Fixture } from './testing/discovery-fixture';

/**
 * The cards of the discovery lists are kept between requests while the search index is loaded
 * (card-cache.ts): what each viewer sees must still be theirs, and a change the index hears of must
 * show in the next request.
 */
describe('discovery cards kept between requests', () => {
  let t: TestApp;
  let user: TestUser;
  let x: Fixture;

  beforeAll(async () => {
    ({ t, user, x } = await buildDiscoveryApp());
    // The cards are kept only while the index is loaded (it loads in the background).
    await vi.waitFor(
      async () => {
        const health = await t.app.inject({ method: 'GET', url: '/health' });
        expect(health.json().searchIndex).toBe('ready');
      },
      { timeout: 15_000, interval: 50 },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  async function cardOf(viewer: TestUser, annonceId: number): Promise<DiscoveryCard | undefined> {
    const res = await t.injectAs(viewer, {
      method: 'POST',
      url: '/search/getSearchAnnonces',
      ...form({}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as SearchAnnoncesResponse).annonces.find((card) => card.id === annonceId);
  }

  it('answers a page of kept cards (written from their kept JSON) as it answered it read', async () => {
    const search = () =>
      t.injectAs(user, {
        method: 'POST',
        url: '/search/getSearchAnnonces',
        ...form({ userLatitude: 43.6, userLongitude: 1.44, researchSorting: 'PROXIMITY' }),
      });
    const first = await search();
    const again = await search();
    expect(again.statusCode, again.body).toBe(200);
    const answer = again.json() as SearchAnnoncesResponse;
    expect(answer.annonces.length).toBeGreaterThan(1);
    expect(answer.annonces.some((card) => card.distanceKm !== null)).toBe(true);
    expect(answer).toEqual(first.json());
    expect(SearchAnnoncesResponseSchema.strict().parse(answer)).toEqual(answer);
  });

  it("writes a home's cards from their kept JSON, whatever the viewer's flags", async () => {
    const viewer = await buildUser(t.db);
    const home = async () => {
      const res = await t.injectAs(viewer, {
        method: 'POST',
        url: '/home/getHomeData',
        ...form({ latitude: 43.6, longitude: 1.44 }),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { annonces: DiscoveryCard[] }[];
    };
    const written = vi.spyOn(JSON, 'stringify');
    try {
      const first = await home();
      // Another flag on a card: the kept home is written again, from the same kept cards.
      await t.db.insert(favourites).values({ userId: viewer.id, annonceId: x.b });
      const again = await home();
      const cards = again.flatMap((group) => group.annonces);
      expect(cards.length).toBeGreaterThan(1);
      expect(cards.find((card) => card.id === x.b)?.annonceFavorite).toBe(true);
      expect(cards.some((card) => card.distanceKm !== null)).toBe(true);
      // No whole card went through JSON.stringify: each came from its kept JSON and the flags.
      const wholeCards = written.mock.calls.filter(
        ([value]) => typeof value === 'object' && value !== null && 'annonceFavorite' in value,
      );
      expect(wholeCards).toEqual([]);
      expect(HomeDataResponseSchema.parse(again)).toEqual(again);
      const unflagged = (groups: { annonces: DiscoveryCard[] }[]) =>
        groups.map((group) => ({
          ...group,
          annonces: group.annonces.map((card) => ({ ...card, annonceFavorite: false })),
        }));
      expect(unflagged(again)).toEqual(unflagged(first));
    } finally {
      written.mockRestore();
    }
  });

  it('shows a favourite and a view added after the card was kept, to that viewer only', async () => {
    expect(await cardOf(user, x.b)).toMatchObject({
      annonceFavorite: false,
      userHasSeenAnnonce: false,
    });
    await t.db.insert(favourites).values({ userId: user.id, annonceId: x.b });
    await t.db.insert(annonceViews).values({ userId: user.id, annonceId: x.b });
    expect(await cardOf(user, x.b)).toMatchObject({
      annonceFavorite: true,
      userHasSeenAnnonce: true,
    });
    expect(await cardOf(x.owner, x.b)).toMatchObject({ annonceFavorite: false });
    // Removed as another instance would (the viewer's marks are kept between requests).
    await t.db.delete(favourites).where(eq(favourites.userId, user.id));
    expect(await cardOf(user, x.b)).toMatchObject({
      annonceFavorite: false,
      userHasSeenAnnonce: true,
    });
    await t.db.delete(annonceViews).where(eq(annonceViews.userId, user.id));
    expect(await cardOf(user, x.b)).toMatchObject({ userHasSeenAnnonce: false });
  });

  it('gives the owner their own card (their address) and anyone else the town', async () => {
    await t.db
      .update(annonces)
      .set({ theftAddress: '3 rue des Lilas' })
      .where(eq(annonces.id, x.d));
    // Kept for others first, then asked by the owner, then by the others again.
    expect((await cardOf(user, x.d))?.address).toBe('Muret');
    expect(await cardOf(x.owner, x.d)).toMatchObject({ isMine: true, address: '3 rue des Lilas' });
    expect(await cardOf(user, x.d)).toMatchObject({ isMine: false, address: 'Muret' });
  });

  it('shows at once a change of what the lists read (the reward), and drops a withdrawn card', async () => {
    expect((await cardOf(user, x.a))?.additionnalRewardLevel).toBe(0);
    await t.db
      .update(annonces)
      .set({ additionalRewardLevel: 4, additionalRewardAmount: 1100 })
      .where(eq(annonces.id, x.a));
    expect(await cardOf(user, x.a)).toMatchObject({
      additionnalRewardLevel: 4,
      additionnalRewardAmount: 1100,
    });
    await t.db.update(annonces).set({ status: 'TO_VALIDATE' }).where(eq(annonces.id, x.a));
    expect(await cardOf(user, x.a)).toBeUndefined();
  });
});
