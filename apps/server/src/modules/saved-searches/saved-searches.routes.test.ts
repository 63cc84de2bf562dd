import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';
import { catalogue, form, PLACES, type Catalogue } from '../discovery/testing/discovery-fixture';

describe('saved searches (alerts)', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;
  let c: Catalogue;

  beforeAll(async () => {
    t = await buildTestApp();
    alice = await buildUser(t.db);
    bob = await buildUser(t.db, { roles: ['ROLE_INDIVIDUAL_UNCONFIRMED'] });
    admin = await buildUser(t.db, { roles: ['ROLE_ADMIN'] });
    c = await catalogue(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = (user: TestUser, fields: Record<string, string | number | null>) =>
    t.injectAs(user, { method: 'POST', url: '/savedSearch', ...form(fields) });

  it('requires a session and an individual role', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/savedSearch/getMyAlerts' })).statusCode,
    ).toBe(401);
    const res = await t.injectAs(admin, { method: 'GET', url: '/savedSearch/getMyAlerts' });
    expect(res.statusCode).toBe(403);
    expect((await create(admin, { name: 'x', researchText: 'clio' })).statusCode).toBe(403);
  });

  it.each([[{}], [{ name: '' }], [{ name: '   ' }]])(
    'refuses a missing or blank name: %o',
    async (fields) => {
      const res = await create(alice, { ...fields, researchText: 'clio' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: 'FIELD_INVALID',
        messageKey: 'saved.search.invalidFeedBack',
        invalidField: 'name',
      });
    },
  );

  it('refuses a search without any criterion', async () => {
    const res = await create(alice, {
      name: 'Tout',
      researchText: '  ',
      maxFiscalPower: 30,
      brandIds: '[]',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      invalidField: 'name',
      messageKey: 'saved.search.noCriterion',
    });
  });

  it('refuses bad filters with 400 naming the field', async () => {
    const res = await create(alice, { name: 'X', brandIds: 'oops' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ invalidField: 'brandIds' });
  });

  it('creates, finds again, lists with a summary and deletes an alert', async () => {
    const fields = {
      researchText: 'Peugeot rouge',
      brandIds: `[${c.peugeot}]`,
      colors: '["RED","BLACK"]',
      ...PLACES.toulouse,
      locationRadius: 50,
      address: 'Toulouse',
      minFiscalPower: 4,
      maxFiscalPower: 30,
    };
    const res = await create(alice, { name: '  Ma  Peugeot ', ...fields });
    expect(res.statusCode).toBe(200);
    const { id } = res.json();
    expect(res.json()).toEqual({ id: expect.any(Number), name: 'Ma Peugeot' });

    // The same search written differently is the same alert, not a second one.
    const again = await create(alice, {
      name: 'Autre nom',
      ...fields,
      researchText: 'rouge  PEUGEOT',
      colors: '["BLACK","RED"]',
    });
    expect(again.json()).toEqual({ id, name: 'Ma Peugeot' });

    const check = await t.injectAs(alice, {
      method: 'POST',
      url: '/savedSearch/checkExisting',
      ...form(fields),
    });
    expect(check.json()).toEqual({ savedSearchId: id, savedSearchName: 'Ma Peugeot' });
    const other = await t.injectAs(alice, {
      method: 'POST',
      url: '/savedSearch/checkExisting',
      ...form({ ...fields, locationRadius: 20 }),
    });
    expect(other.json()).toEqual({ savedSearchId: null, savedSearchName: null });
    const notBob = await t.injectAs(bob, {
      method: 'POST',
      url: '/savedSearch/checkExisting',
      ...form(fields),
    });
    expect(notBob.json()).toEqual({ savedSearchId: null, savedSearchName: null });

    const fr = await t.injectAs(alice, { method: 'GET', url: '/savedSearch/getMyAlerts' });
    expect(fr.json()).toEqual([
      {
        id,
        name: 'Ma Peugeot',
        researchText: 'Peugeot rouge',
        address: 'Toulouse',
        locationRadius: 50,
        latitude: PLACES.toulouse.latitude,
        longitude: PLACES.toulouse.longitude,
        vehicles: [],
        brands: [c.peugeot],
        models: [],
        modelFinishes: [],
        colors: ['BLACK', 'RED'],
        energies: [],
        minFiscalPower: 4,
        maxFiscalPower: null,
        description:
          '« Peugeot rouge » · à 50 km de Toulouse · Peugeot · Noir, Rouge · Puissance fiscale au moins 4 CV',
      },
    ]);
    const en = await t.injectAs(alice, {
      method: 'GET',
      url: '/savedSearch/getMyAlerts',
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(en.json()[0].description).toBe(
      '“Peugeot rouge” · within 50 km of Toulouse · Peugeot · Black, Red · Fiscal power at least 4 CV',
    );

    const filters = await t.injectAs(alice, {
      method: 'POST',
      url: '/search/getFiltersDataInitialValuesFromSavedSearch',
      ...form({ savedSearchId: id }),
    });
    expect(filters.statusCode).toBe(200);
    expect(filters.json()).toMatchObject({
      savedSearchId: id,
      researchText: 'Peugeot rouge',
      researchSorting: 'PROXIMITY',
      brands: [c.peugeot],
      colors: ['BLACK', 'RED'],
      isSelectedFiscalPowerFilter: true,
      selectedFilterBrandNameIfOne: 'Peugeot',
      selectedFilterVehicleTypeNameIfOne: null,
      modelsHigherCategoryIds: [],
    });
    const bobsView = await t.injectAs(bob, {
      method: 'POST',
      url: '/search/getFiltersDataInitialValuesFromSavedSearch',
      ...form({ savedSearchId: id }),
    });
    expect(bobsView.statusCode).toBe(404);

    // Someone else's alert does not exist for them.
    const stolen = await t.injectAs(bob, { method: 'DELETE', url: `/savedSearch/${id}` });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ code: 'NOT_FOUND' });
    const deleted = await t.injectAs(alice, { method: 'DELETE', url: `/savedSearch/${id}` });
    expect(deleted.statusCode).toBe(200);
    expect(
      (await t.injectAs(alice, { method: 'DELETE', url: `/savedSearch/${id}` })).statusCode,
    ).toBe(404);
    expect(
      (await t.injectAs(alice, { method: 'GET', url: '/savedSearch/getMyAlerts' })).json(),
    ).toEqual([]);
  });

  it('keeps at most 20 alerts per user', async () => {
    const user = await buildUser(t.db);
    for (let index = 1; index <= 20; index += 1) {
      expect((await create(user, { name: `A${index}`, minFiscalPower: index })).statusCode).toBe(
        200,
      );
    }
    const res = await create(user, { name: 'A21', researchText: 'clio' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ messageKey: 'saved.search.tooMany' });
  });

  it('summarises filters for the create modal', async () => {
    const res = await t.injectAs(alice, {
      method: 'POST',
      url: '/search/getDisplaySelectedValuesFiltersAlert',
      ...form({
        vehicleTypeIds: `[${c.car}]`,
        modelIds: `[${c.p208}]`,
        energies: '["GASOIL"]',
        maxFiscalPower: 8,
      }),
    });
    expect(res.json()).toEqual({
      displaySelectedValuesText: 'Voiture · 208 · Essence · Puissance fiscale au plus 8 CV',
      proposedName: '208',
    });
  });

  it('proposes an alert name that names the vehicle, then the place', async () => {
    const res = await t.injectAs(alice, {
      method: 'POST',
      url: '/search/getDisplaySelectedValuesFiltersAlert',
      ...form({
        brandIds: `[${c.peugeot}]`,
        modelIds: `[${c.p208}]`,
        colors: '["RED"]',
        latitude: 43.6045,
        longitude: 1.444,
        locationRadius: 50,
        address: 'Toulouse',
      }),
    });
    expect(res.json()).toMatchObject({
      proposedName: 'Peugeot 208 rouge · 50 km autour de Toulouse',
    });
  });
});
