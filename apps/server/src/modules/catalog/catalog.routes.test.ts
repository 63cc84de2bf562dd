import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, type TestUser } from '../../../test/helper';
import { buildUser } from '../../../test/factories';

/** A form-encoded body, as the web app sends it (ids as strings). */
function form(fields: Record<string, string | number>): Pick<InjectOptions, 'payload' | 'headers'> {
  const body = new URLSearchParams(
    Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return { payload: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}

interface Item {
  id: number;
  name: string;
}

describe('vehicle catalogue', () => {
  let t: TestApp;
  let user: TestUser;
  let otherUser: TestUser;
  let admin: TestUser;
  const typeIds = new Map<string, number>();

  beforeAll(async () => {
    t = await buildTestApp();
    user = await buildUser(t.db);
    otherUser = await buildUser(t.db);
    admin = await buildUser(t.db, { roles: ['ROLE_ADMIN'] });
    const res = await t.injectAs(user, { method: 'GET', url: '/vehicleType/getAllActivated' });
    for (const type of res.json() as { id: number; code: string }[])
      typeIds.set(type.code, type.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  const typeId = (code: string) => {
    const id = typeIds.get(code);
    if (id === undefined) throw new Error(`no vehicle type ${code}`);
    return id;
  };

  async function brands(code: string, as: TestUser = user): Promise<Item[]> {
    const res = await t.injectAs(as, {
      method: 'POST',
      url: `/brand/getAllActivatedByVehicleType/${typeId(code)}`,
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  async function brandNamed(code: string, name: string): Promise<Item> {
    const brand = (await brands(code)).find((item) => item.name === name);
    if (!brand) throw new Error(`no brand ${name} for ${code}`);
    return brand;
  }

  async function models(code: string, brandId: number, as: TestUser = user): Promise<Item[]> {
    const res = await t.injectAs(as, {
      method: 'POST',
      url: '/model/getAllActivatedByVehicleTypeAndBrand',
      ...form({ vehicleTypeId: typeId(code), brandId }),
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  async function modelNamed(code: string, brand: string, name: string): Promise<Item> {
    const model = (await models(code, (await brandNamed(code, brand)).id)).find(
      (item) => item.name === name,
    );
    if (!model) throw new Error(`no model ${brand} ${name} for ${code}`);
    return model;
  }

  async function finishes(modelId: number, as: TestUser = user): Promise<Item[]> {
    const res = await t.injectAs(as, {
      method: 'POST',
      url: `/modelFinish/getAllActivatedForModel/${modelId}`,
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  const names = (items: Item[]) => items.map((item) => item.name);

  function expectSortedForFrenchReaders(items: Item[]) {
    const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });
    for (let i = 1; i < items.length; i++) {
      expect(collator.compare(items[i - 1]!.name, items[i]!.name)).toBeLessThanOrEqual(0);
    }
  }

  describe('GET /vehicleType/getAllActivated', () => {
    it('requires authentication', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/vehicleType/getAllActivated' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    });

    it('lists the types by position with French names and their identifiers', async () => {
      const res = await t.injectAs(user, { method: 'GET', url: '/vehicleType/getAllActivated' });
      expect(res.statusCode).toBe(200);
      const types = res.json() as Record<string, unknown>[];
      expect(types.map((type) => type.name)).toEqual([
        'Voiture',
        'Utilitaire',
        'Moto',
        'Scooter',
        'Vélo',
        'Vélo électrique',
        'Autre',
      ]);
      expect(types[0]).toEqual({
        id: typeId('CAR'),
        code: 'CAR',
        name: 'Voiture',
        isLicensed: true,
        hasVIN: true,
        hasBicycode: false,
        hasSerialNumber: false,
        hasWindowEngraving: true,
      });
    });

    it('names the types in English when the caller prefers English', async () => {
      const res = await t.injectAs(user, {
        method: 'GET',
        url: '/vehicleType/getAllActivated',
        headers: { 'accept-language': 'en-GB,en;q=0.9,fr;q=0.5' },
      });
      expect((res.json() as { name: string }[]).map((type) => type.name)).toEqual([
        'Car',
        'Van',
        'Motorbike',
        'Scooter',
        'Bicycle',
        'Electric bicycle',
        'Other',
      ]);
    });
  });

  describe('GET /vehicleType/getInfoVehicleType/:vehicleTypeId', () => {
    it('requires authentication', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/vehicleType/getInfoVehicleType/${typeId('CAR')}`,
      });
      expect(res.statusCode).toBe(401);
    });

    it('rejects an id that is not a number, naming the field', async () => {
      for (const id of ['abc', '0', '-1', '99999999999']) {
        const res = await t.injectAs(user, {
          method: 'GET',
          url: `/vehicleType/getInfoVehicleType/${id}`,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'VALIDATION_FAILED',
          invalidField: 'vehicleTypeId',
        });
      }
    });

    it('answers 404 with JSON for an unknown type', async () => {
      const res = await t.injectAs(user, {
        method: 'GET',
        url: '/vehicleType/getInfoVehicleType/987654',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    });

    it.each([
      [
        'CAR',
        {
          isLicensed: true,
          hasBicycode: false,
          hasSerialNumber: false,
          hasVIN: true,
          hasWindowEngraving: true,
        },
      ],
      [
        'BICYCLE',
        {
          isLicensed: false,
          hasBicycode: true,
          hasSerialNumber: true,
          hasVIN: false,
          hasWindowEngraving: false,
        },
      ],
      [
        'OTHER',
        {
          isLicensed: false,
          hasBicycode: false,
          hasSerialNumber: true,
          hasVIN: false,
          hasWindowEngraving: false,
        },
      ],
    ])('tells what identifies a %s', async (code, info) => {
      const res = await t.injectAs(user, {
        method: 'GET',
        url: `/vehicleType/getInfoVehicleType/${typeId(code)}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(info);
    });
  });

  describe('POST /brand/getAllActivatedByVehicleType/:vehicleTypeId', () => {
    it('requires authentication', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/brand/getAllActivatedByVehicleType/${typeId('CAR')}`,
      });
      expect(res.statusCode).toBe(401);
    });

    it('rejects a type id that is not a number', async () => {
      const res = await t.injectAs(user, {
        method: 'POST',
        url: '/brand/getAllActivatedByVehicleType/car',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ invalidField: 'vehicleTypeId' });
    });

    it('answers 404 for an unknown type', async () => {
      const res = await t.injectAs(user, {
        method: 'POST',
        url: '/brand/getAllActivatedByVehicleType/987654',
      });
      expect(res.statusCode).toBe(404);
    });

    it('offers the car brands French users look for, each once, sorted for French readers', async () => {
      const list = await brands('CAR');
      expect(names(list)).toEqual(
        expect.arrayContaining([
          'Peugeot',
          'Renault',
          'Citroën',
          'DS Automobiles',
          'Dacia',
          'Škoda',
          'Tesla',
          'Aixam',
        ]),
      );
      expect(names(list)).not.toContain('Skoda');
      expect(new Set(list.map((item) => item.name.toLowerCase())).size).toBe(list.length);
      expect(names(list)).not.toContain('Ducati');
      expectSortedForFrenchReaders(list);
    });

    it('offers motorbike, scooter, van and bicycle brands for their types', async () => {
      expect(names(await brands('MOTORBIKE'))).toEqual(
        expect.arrayContaining([
          'Ducati',
          'Yamaha',
          'Honda',
          'KTM',
          'MV Agusta',
          'Harley-Davidson',
          'Royal Enfield',
        ]),
      );
      expect(names(await brands('SCOOTER'))).toEqual(
        expect.arrayContaining([
          'Peugeot',
          'MBK',
          'Vespa',
          'Piaggio',
          'Kymco',
          'Sym',
          'Niu',
          'Silence',
          'Yamaha',
        ]),
      );
      expect(names(await brands('UTILITY'))).toEqual(
        expect.arrayContaining(['Renault', 'Iveco', 'Fiat']),
      );
      const bicycles = names(await brands('BICYCLE'));
      expect(bicycles).toEqual(
        expect.arrayContaining(['Decathlon', "B'Twin", 'Lapierre', 'Rockrider', 'Peugeot']),
      );
      // E-bike-only makers (and e-scooter makers) are offered for electric bicycles only.
      expect(bicycles).not.toContain('Segway Ninebot');
      expect(names(await brands('ELECTRIC_BICYCLE'))).toEqual(
        expect.arrayContaining(['Segway Ninebot', 'Decathlon', "B'Twin", 'Moustache']),
      );
    });
  });

  describe('POST /model/getAllActivatedByVehicleTypeAndBrand', () => {
    it('requires authentication', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/model/getAllActivatedByVehicleTypeAndBrand',
        ...form({ vehicleTypeId: typeId('CAR'), brandId: 1 }),
      });
      expect(res.statusCode).toBe(401);
    });

    it('rejects a missing or non-numeric id, naming the field', async () => {
      const missing = await t.injectAs(user, {
        method: 'POST',
        url: '/model/getAllActivatedByVehicleTypeAndBrand',
        ...form({ vehicleTypeId: typeId('CAR') }),
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ code: 'VALIDATION_FAILED', invalidField: 'brandId' });

      const notNumber = await t.injectAs(user, {
        method: 'POST',
        url: '/model/getAllActivatedByVehicleTypeAndBrand',
        payload: { vehicleTypeId: 'voiture', brandId: 3 },
      });
      expect(notNumber.statusCode).toBe(400);
      expect(notNumber.json()).toMatchObject({ invalidField: 'vehicleTypeId' });
    });

    it('answers 404 for an unknown type or brand', async () => {
      const peugeot = await brandNamed('CAR', 'Peugeot');
      for (const fields of [
        { vehicleTypeId: 987654, brandId: peugeot.id },
        { vehicleTypeId: typeId('CAR'), brandId: 987654 },
      ]) {
        const res = await t.injectAs(user, {
          method: 'POST',
          url: '/model/getAllActivatedByVehicleTypeAndBrand',
          ...form(fields),
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
      }
    });

    it('accepts a JSON body as well as a form', async () => {
      const peugeot = await brandNamed('CAR', 'Peugeot');
      const res = await t.injectAs(user, {
        method: 'POST',
        url: '/model/getAllActivatedByVehicleTypeAndBrand',
        payload: { vehicleTypeId: typeId('CAR'), brandId: peugeot.id },
      });
      expect(res.statusCode).toBe(200);
      expect(names(res.json())).toContain('2008');
    });

    it.each([
      ['Peugeot', ['2008', 'e-208', '208', '308', '3008', '5008']],
      ['Renault', ['Clio V', 'Captur', 'Mégane E-Tech', 'Zoe', 'Twingo', 'Austral', 'Arkana']],
      ['Dacia', ['Sandero', 'Duster', 'Spring', 'Jogger']],
      ['Citroën', ['C3', 'C4', 'C5 Aircross', 'ë-C4']],
      ['DS Automobiles', ['DS 3', 'DS 4', 'DS 7']],
      ['Tesla', ['Model 3', 'Model Y']],
      ['Volkswagen', ['ID.3', 'ID.4', 'Golf', 'Polo', 'T-Roc']],
      ['Toyota', ['Yaris', 'Yaris Cross', 'C-HR']],
      ['Fiat', ['500']],
      ['Mercedes-Benz', ['Classe A', 'GLA']],
      ['BMW', ['Série 3', 'X1']],
    ])('lets a user pick a %s %j', async (brand, expected) => {
      const list = await models('CAR', (await brandNamed('CAR', brand)).id);
      expect(names(list)).toEqual(expect.arrayContaining(expected));
      expectSortedForFrenchReaders(list);
    });

    it('keeps Citroën DS3/DS4/DS5 under DS Automobiles only', async () => {
      const citroen = names(await models('CAR', (await brandNamed('CAR', 'Citroën')).id));
      expect(citroen).not.toEqual(expect.arrayContaining(['DS3']));
      expect(citroen.filter((name) => /^DS ?\d/.test(name))).toEqual([]);
    });

    it('offers vans under the van type', async () => {
      const renault = names(await models('UTILITY', (await brandNamed('UTILITY', 'Renault')).id));
      expect(renault).toEqual(expect.arrayContaining(['Kangoo', 'Trafic', 'Master']));
      expect(renault).not.toContain('Clio V');
      expect(names(await models('UTILITY', (await brandNamed('UTILITY', 'Iveco')).id))).toEqual([
        'Daily',
      ]);
    });

    it('offers only motorbikes under a mixed make: no cars, jet-skis, quads or snowmobiles', async () => {
      const yamaha = names(await models('MOTORBIKE', (await brandNamed('MOTORBIKE', 'Yamaha')).id));
      expect(yamaha).toEqual(expect.arrayContaining(['MT-07', 'YZF-R1', 'Ténéré 700']));
      expect(
        yamaha.filter((name) =>
          /waverunner|grizzly|raptor|rhino|phazer|apex|viking|nytro/i.test(name),
        ),
      ).toEqual([]);
      expect(yamaha.filter((name) => /tmax|xmax|zuma|vino/i.test(name))).toEqual([]);

      const honda = names(await models('MOTORBIKE', (await brandNamed('MOTORBIKE', 'Honda')).id));
      expect(honda).toEqual(expect.arrayContaining(['CBR600RR', 'CB650R']));
      expect(
        honda.filter((name) => /aquatrax|accord|civic|trx|pioneer|rancher|foreman/i.test(name)),
      ).toEqual([]);

      const suzuki = names(await models('MOTORBIKE', (await brandNamed('MOTORBIKE', 'Suzuki')).id));
      expect(suzuki.filter((name) => /swift|vitara|kingquad|quadsport|sx4/i.test(name))).toEqual(
        [],
      );
      const bmw = names(await models('MOTORBIKE', (await brandNamed('MOTORBIKE', 'BMW')).id));
      expect(bmw).toContain('R1200GS');
      expect(bmw.filter((name) => /xdrive|^x\d|^3\d\di/i.test(name))).toEqual([]);
    });

    it('offers scooters under the scooter type', async () => {
      const yamaha = names(await models('SCOOTER', (await brandNamed('SCOOTER', 'Yamaha')).id));
      expect(yamaha).toEqual(expect.arrayContaining(['TMAX 560', 'XMAX 125', 'NMAX 125']));
      expect(yamaha).not.toContain('MT-07');
      const mbk = names(await models('SCOOTER', (await brandNamed('SCOOTER', 'MBK')).id));
      expect(mbk).toEqual(expect.arrayContaining(['Booster', 'Nitro']));
      const peugeot = names(await models('SCOOTER', (await brandNamed('SCOOTER', 'Peugeot')).id));
      expect(peugeot).toEqual(expect.arrayContaining(['Kisbee 50', 'Django 125']));
      expect(peugeot).not.toContain('208');
    });

    it('has no models for bicycle brands (users name their own)', async () => {
      expect(await models('BICYCLE', (await brandNamed('BICYCLE', 'Decathlon')).id)).toEqual([]);
    });
  });

  describe('POST /modelFinish/getAllActivatedForModel/:modelId', () => {
    it('requires authentication', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/modelFinish/getAllActivatedForModel/1',
      });
      expect(res.statusCode).toBe(401);
    });

    it('rejects a model id that is not a number', async () => {
      const res = await t.injectAs(user, {
        method: 'POST',
        url: '/modelFinish/getAllActivatedForModel/clio',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ invalidField: 'modelId' });
    });

    it('answers 404 for an unknown model', async () => {
      const res = await t.injectAs(user, {
        method: 'POST',
        url: '/modelFinish/getAllActivatedForModel/98765432',
      });
      expect(res.statusCode).toBe(404);
    });

    it('lists the finishes of a common French car, sorted', async () => {
      const clio = await modelNamed('CAR', 'Renault', 'Clio V');
      const list = await finishes(clio.id);
      expect(names(list)).toEqual(
        expect.arrayContaining([
          'Equilibre',
          'Evolution',
          'Techno',
          'Esprit Alpine',
          'Zen',
          'Intens',
          'RS Line',
        ]),
      );
      expectSortedForFrenchReaders(list);
      const peugeot208 = await modelNamed('CAR', 'Peugeot', '208');
      expect(names(await finishes(peugeot208.id))).toEqual(
        expect.arrayContaining(['Active', 'Allure', 'GT']),
      );
    });
  });

  describe('GET /brand/getNameById/:id and /model/getNameById/:id', () => {
    it('requires authentication', async () => {
      for (const url of ['/brand/getNameById/1', '/model/getNameById/1']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(401);
      }
    });

    it('rejects an id that is not a number', async () => {
      for (const url of ['/brand/getNameById/x', '/model/getNameById/1.5']) {
        const res = await t.injectAs(user, { method: 'GET', url });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ invalidField: 'id' });
      }
    });

    it('answers 404 for an unknown id', async () => {
      for (const url of ['/brand/getNameById/98765432', '/model/getNameById/98765432']) {
        const res = await t.injectAs(user, { method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
      }
    });

    it('answers the name of a brand and of a model', async () => {
      const peugeot = await brandNamed('CAR', 'Peugeot');
      const model2008 = await modelNamed('CAR', 'Peugeot', '2008');
      const brand = await t.injectAs(user, {
        method: 'GET',
        url: `/brand/getNameById/${peugeot.id}`,
      });
      expect(brand.statusCode).toBe(200);
      expect(brand.json()).toEqual({ name: 'Peugeot' });
      const model = await t.injectAs(user, {
        method: 'GET',
        url: `/model/getNameById/${model2008.id}`,
      });
      expect(model.json()).toEqual({ name: '2008' });
    });
  });

  describe('POST /brand/createCustomBrand', () => {
    const create = (as: TestUser, fields: Record<string, string | number>) =>
      t.injectAs(as, { method: 'POST', url: '/brand/createCustomBrand', ...form(fields) });

    it('requires authentication', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/brand/createCustomBrand',
        ...form({ name: 'Ma marque', vehicleTypeId: typeId('CAR') }),
      });
      expect(res.statusCode).toBe(401);
    });

    it('rejects a missing type id, naming the field', async () => {
      const res = await create(user, { name: 'Ma marque' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ invalidField: 'vehicleTypeId' });
    });

    it.each([
      ['a missing name', undefined, 'MandatoryField'],
      ['a blank name', '   ', 'MandatoryField'],
      ['a name of 61 characters', 'x'.repeat(61), 'catalog.name.too.long.error'],
      ['a name without a letter or digit', '?!', 'catalog.name.invalid.error'],
    ])('answers %s with 403 on the name field', async (_label, name, messageKey) => {
      const res = await create(user, {
        vehicleTypeId: typeId('CAR'),
        ...(name === undefined ? {} : { name }),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'FIELD_INVALID', messageKey, invalidField: 'name' });
    });

    it('answers 404 for an unknown type', async () => {
      const res = await create(user, { name: 'Ma marque', vehicleTypeId: 987654 });
      expect(res.statusCode).toBe(404);
    });

    it('creates a brand its creator sees and nobody else does', async () => {
      const res = await create(user, {
        name: '  Cycles   Dupont ',
        vehicleTypeId: typeId('BICYCLE'),
      });
      expect(res.statusCode).toBe(200);
      const created = res.json() as Item;
      expect(created).toEqual({ id: expect.any(Number), name: 'Cycles Dupont' });

      expect(await brands('BICYCLE', user)).toContainEqual(created);
      expect(await brands('BICYCLE', otherUser)).not.toContainEqual(created);
      const own = await t.injectAs(user, {
        method: 'GET',
        url: `/brand/getNameById/${created.id}`,
      });
      expect(own.json()).toEqual({ name: 'Cycles Dupont' });
      const other = await t.injectAs(otherUser, {
        method: 'GET',
        url: `/brand/getNameById/${created.id}`,
      });
      expect(other.statusCode).toBe(404);
      // Admins review announcements that use custom items: they can read the name.
      const byAdmin = await t.injectAs(admin, {
        method: 'GET',
        url: `/brand/getNameById/${created.id}`,
      });
      expect(byAdmin.json()).toEqual({ name: 'Cycles Dupont' });
    });

    it('answers the same custom brand when its creator types the name again, for any type', async () => {
      const first = (
        await create(user, { name: 'Atelier Martin', vehicleTypeId: typeId('BICYCLE') })
      ).json() as Item;
      const again = await create(user, {
        name: 'ATELIER-MARTIN',
        vehicleTypeId: typeId('BICYCLE'),
      });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first);
      const otherType = await create(user, {
        name: 'atelier martin',
        vehicleTypeId: typeId('ELECTRIC_BICYCLE'),
      });
      expect(otherType.json()).toEqual(first);
      expect(await brands('ELECTRIC_BICYCLE', user)).toContainEqual(first);
      // Another user typing the same name gets a brand of their own.
      const theirs = (
        await create(otherUser, { name: 'Atelier Martin', vehicleTypeId: typeId('BICYCLE') })
      ).json();
      expect(theirs.id).not.toBe(first.id);
    });

    it('answers the approved brand when the name is one (case, accents and punctuation ignored)', async () => {
      const peugeot = await brandNamed('CAR', 'Peugeot');
      const res = await create(user, { name: 'peugeot', vehicleTypeId: typeId('CAR') });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(peugeot);
      const skoda = await brandNamed('CAR', 'Škoda');
      expect((await create(user, { name: 'SKODA', vehicleTypeId: typeId('CAR') })).json()).toEqual(
        skoda,
      );
      expect(
        (await brands('CAR', user)).filter((brand) => brand.name.toLowerCase() === 'peugeot'),
      ).toHaveLength(1);
    });
  });

  describe('POST /model/createCustomModel', () => {
    const create = (as: TestUser, fields: Record<string, string | number>) =>
      t.injectAs(as, { method: 'POST', url: '/model/createCustomModel', ...form(fields) });

    it('requires authentication', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/model/createCustomModel',
        ...form({ name: 'X' }),
      });
      expect(res.statusCode).toBe(401);
    });

    it('rejects a missing brand id, naming the field', async () => {
      const res = await create(user, { name: 'Mon modèle', vehicleTypeId: typeId('CAR') });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ invalidField: 'brandId' });
    });

    it('answers 403 on the name field for a blank name', async () => {
      const peugeot = await brandNamed('CAR', 'Peugeot');
      const res = await create(user, {
        name: '',
        vehicleTypeId: typeId('CAR'),
        brandId: peugeot.id,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ invalidField: 'name', messageKey: 'MandatoryField' });
    });

    it("answers 404 for an unknown brand, another user's custom brand, or a brand not offered for the type", async () => {
      const theirs = (
        await t.injectAs(otherUser, {
          method: 'POST',
          url: '/brand/createCustomBrand',
          ...form({ name: 'Garage Privé', vehicleTypeId: typeId('CAR') }),
        })
      ).json() as Item;
      const ducati = await brandNamed('MOTORBIKE', 'Ducati');
      for (const brandId of [987654, theirs.id, ducati.id]) {
        const res = await create(user, { name: 'Spécial', vehicleTypeId: typeId('CAR'), brandId });
        expect(res.statusCode).toBe(404);
      }
    });

    it('creates a model its creator sees and nobody else does; the same name again answers it', async () => {
      const peugeot = await brandNamed('CAR', 'Peugeot');
      const res = await create(user, {
        name: '208 Rallye maison',
        vehicleTypeId: typeId('CAR'),
        brandId: peugeot.id,
      });
      expect(res.statusCode).toBe(200);
      const created = res.json() as Item;
      expect(created.name).toBe('208 Rallye maison');
      expect(await models('CAR', peugeot.id, user)).toContainEqual(created);
      expect(await models('CAR', peugeot.id, otherUser)).not.toContainEqual(created);
      const other = await t.injectAs(otherUser, {
        method: 'GET',
        url: `/model/getNameById/${created.id}`,
      });
      expect(other.statusCode).toBe(404);

      const again = await create(user, {
        name: '208 rallye MAISON',
        vehicleTypeId: typeId('CAR'),
        brandId: peugeot.id,
      });
      expect(again.json()).toEqual(created);
    });

    it('answers the approved model when the name is one', async () => {
      const clio = await modelNamed('CAR', 'Renault', 'Clio V');
      const renault = await brandNamed('CAR', 'Renault');
      const res = await create(user, {
        name: 'clio-v',
        vehicleTypeId: typeId('CAR'),
        brandId: renault.id,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(clio);
    });

    it("accepts a model under the user's own custom brand", async () => {
      const brand = (
        await t.injectAs(user, {
          method: 'POST',
          url: '/brand/createCustomBrand',
          ...form({ name: 'Cycles Bernard', vehicleTypeId: typeId('BICYCLE') }),
        })
      ).json() as Item;
      const res = await create(user, {
        name: 'Randonneur',
        vehicleTypeId: typeId('BICYCLE'),
        brandId: brand.id,
      });
      expect(res.statusCode).toBe(200);
      expect(await models('BICYCLE', brand.id, user)).toEqual([res.json()]);
    });
  });

  describe('POST /modelFinish/createCustomModelFinish', () => {
    const create = (as: TestUser, fields: Record<string, string | number>) =>
      t.injectAs(as, {
        method: 'POST',
        url: '/modelFinish/createCustomModelFinish',
        ...form(fields),
      });

    it('requires authentication', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/modelFinish/createCustomModelFinish',
        ...form({ name: 'X', modelId: 1 }),
      });
      expect(res.statusCode).toBe(401);
    });

    it('rejects a missing model id, naming the field', async () => {
      const res = await create(user, { name: 'Édition spéciale' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ invalidField: 'modelId' });
    });

    it('answers 403 on the name field for a name too long', async () => {
      const clio = await modelNamed('CAR', 'Renault', 'Clio V');
      const res = await create(user, { name: 'é'.repeat(61), modelId: clio.id });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        invalidField: 'name',
        messageKey: 'catalog.name.too.long.error',
      });
    });

    it("answers 404 for an unknown model or another user's custom model", async () => {
      const peugeot = await brandNamed('CAR', 'Peugeot');
      const theirs = (
        await t.injectAs(otherUser, {
          method: 'POST',
          url: '/model/createCustomModel',
          ...form({ name: 'Prototype', vehicleTypeId: typeId('CAR'), brandId: peugeot.id }),
        })
      ).json() as Item;
      for (const modelId of [98765432, theirs.id]) {
        expect((await create(user, { name: 'Sport', modelId })).statusCode).toBe(404);
      }
    });

    it('creates a finish its creator sees, ignoring the type and brand sent with it', async () => {
      const clio = await modelNamed('CAR', 'Renault', 'Clio V');
      const res = await create(user, {
        name: 'Série limitée Fête',
        modelId: clio.id,
        vehicleTypeId: 'x',
        brandId: 3,
      });
      expect(res.statusCode).toBe(200);
      const created = res.json() as Item;
      expect(await finishes(clio.id, user)).toContainEqual(created);
      expect(await finishes(clio.id, otherUser)).not.toContainEqual(created);
      expect((await create(user, { name: 'serie limitee fete', modelId: clio.id })).json()).toEqual(
        created,
      );
    });

    it('answers the approved finish when the name is one', async () => {
      const clio = await modelNamed('CAR', 'Renault', 'Clio V');
      const esprit = (await finishes(clio.id)).find((finish) => finish.name === 'Esprit Alpine')!;
      const res = await create(user, { name: 'ESPRIT ALPINE', modelId: clio.id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(esprit);
    });
  });
});
