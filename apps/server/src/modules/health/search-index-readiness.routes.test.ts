import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAnnonce, buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { form, PLACES } from '../discovery/testing/discovery-fixture';
import type { SearchIndexState } from '../discovery/index';
import healthModule from './index';

describe('the search index in /health and /ready', () => {
  it('tells each state of the index; only a ready one makes the instance ready', async () => {
    let state: SearchIndexState = 'loading';
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('deps', {
      database: { kind: 'postgres', ping: async () => undefined },
      config: {},
    } as never);
    app.decorate('observability', { draining: false } as never);
    await app.register(healthModule, {
      searchIndex: {
        get state() {
          return state;
        },
      },
    });
    const probe = async () => {
      const [health, ready] = await Promise.all([
        app.inject({ method: 'GET', url: '/health' }),
        app.inject({ method: 'GET', url: '/ready' }),
      ]);
      return [health.json().searchIndex, ready.statusCode, ready.json().checks.searchIndex];
    };
    try {
      expect(await probe()).toEqual(['loading', 503, 'loading']);
      // A failed load, tried again later: not ready, and it says why.
      state = 'failing';
      expect(await probe()).toEqual(['failing', 503, 'failing']);
      state = 'ready';
      expect(await probe()).toEqual(['ready', 200, 'ok']);
    } finally {
      await app.close();
    }
  });

  describe('with SEARCH_INDEX=off', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ env: { SEARCH_INDEX: 'off' } });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('is ready at once, says the index is off, and still searches (in PostgreSQL)', async () => {
      const health = await t.app.inject({ method: 'GET', url: '/health' });
      expect(health.json()).toMatchObject({ status: 'ok', searchIndex: 'off' });
      const ready = await t.app.inject({ method: 'GET', url: '/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json().checks).toMatchObject({ searchIndex: 'off' });
      const annonce = await buildAnnonce(t.db, {
        theftLatitude: PLACES.toulouse.latitude,
        theftLongitude: PLACES.toulouse.longitude,
      });
      const search = await t.injectAs(await buildUser(t.db), {
        method: 'POST',
        url: '/search/getSearchAnnonces',
        ...form({ ...PLACES.toulouse, locationRadius: 10, researchSorting: 'PROXIMITY' }),
      });
      expect(search.statusCode).toBe(200);
      expect(search.json().annonces.map((card: { id: number }) => card.id)).toEqual([annonce.id]);
    });
  });

  it('refuses any other value of SEARCH_INDEX', async () => {
    await expect(buildTestApp({ env: { SEARCH_INDEX: 'false' } })).rejects.toThrow(/SEARCH_INDEX/);
  });
});
