import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DiscoveryCard } from '@app/domain';
import { annonces, brands } from '../../db/schema/index';
import { buildAnnonce, buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';
import { form } from './testing/discovery-fixture';

describe('the search text kept by the database', () => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await buildTestApp();
    user = await buildUser(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  const found = async (researchText: string) => {
    const res = await t.injectAs(user, {
      method: 'POST',
      url: '/search/getSearchAnnonces',
      ...form({ researchText }),
    });
    return res.json().annonces.map((card: DiscoveryCard) => card.id);
  };

  it('follows edits of the announcement and renames of its brand', async () => {
    const [brand] = await t.db
      .insert(brands)
      .values({ name: 'Vélocité Étoile', normalizedName: 'velocite etoile' })
      .returning({ id: brands.id });
    const { id } = await buildAnnonce(t.db, { brandId: brand!.id, description: 'Cadre orange.' });
    expect(await found('velocite')).toEqual([id]);
    expect(await found('ORANGE cadre')).toEqual([id]);

    await t.db.update(brands).set({ name: 'Zéphyr' }).where(eq(brands.id, brand!.id));
    expect(await found('zephyr')).toEqual([id]);
    expect(await found('velocite')).toEqual([]);

    await t.db.update(annonces).set({ description: 'Cadre turquoise.' }).where(eq(annonces.id, id));
    expect(await found('turquoise')).toEqual([id]);
    expect(await found('orange')).toEqual([]);
  });
});
