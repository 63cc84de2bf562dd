import type { InjectOptions } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { brands, modelFinishes, models, vehicleTypes } from '../../../db/schema/index';
import { buildAnnonce, buildUser } from '../../../../test/factories';
import { buildTestApp } from '../../../../test/helper';

/** A form-encoded body as the web app sends it (lists as JSON-array strings). */
export function form(
  fields: Record<string, string | number | null>,
): Pick<InjectOptions, 'payload' | 'headers'> {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields))
    body.set(key, value === null ? 'null' : String(value));
  return {
    payload: body.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

export const PLACES = {
  toulouse: { latitude: 43.6045, longitude: 1.4442 },
  blagnac: { latitude: 43.6372, longitude: 1.3899 },
  muret: { latitude: 43.4614, longitude: 1.3264 },
  lyon: { latitude: 45.764, longitude: 4.8357 },
  paris: { latitude: 48.8566, longitude: 2.3522 },
};

export async function catalogue(db: Db) {
  const type = async (code: string) =>
    (
      await db.select({ id: vehicleTypes.id }).from(vehicleTypes).where(eq(vehicleTypes.code, code))
    )[0]!.id;
  const brand = async (key: string) =>
    (
      await db
        .select({ id: brands.id })
        .from(brands)
        .where(and(eq(brands.normalizedName, key), eq(brands.approved, true)))
    )[0]!.id;
  const car = await type('CAR');
  const model = async (brandId: number, key: string) =>
    (
      await db
        .select({ id: models.id })
        .from(models)
        .where(
          and(
            eq(models.brandId, brandId),
            eq(models.vehicleTypeId, car),
            eq(models.normalizedName, key),
          ),
        )
    )[0]!.id;
  const peugeot = await brand('peugeot');
  const citroen = await brand('citroen');
  const renault = await brand('renault');
  const btwin = await brand('btwin');
  const p208 = await model(peugeot, '208');
  const [allure] = await db
    .select({ id: modelFinishes.id })
    .from(modelFinishes)
    .where(and(eq(modelFinishes.modelId, p208), sql`${modelFinishes.normalizedName} = 'allure'`));
  return {
    car,
    bicycle: await type('BICYCLE'),
    peugeot,
    citroen,
    renault,
    btwin,
    p208,
    p3008: await model(peugeot, '3008'),
    c3: await model(citroen, 'c3'),
    clio: await model(renault, 'clio'),
    allure: allure!.id,
  };
}

export type Catalogue = Awaited<ReturnType<typeof catalogue>>;

/**
 * Five VALIDATED announcements with known answers, and one waiting for validation that no list
 * may show. Dates, views and rewards are all distinct so every sort has one right order.
 */
export async function buildFixture(db: Db, c: Catalogue) {
  const owner = await buildUser(db);
  const base = { ownerId: owner.id };
  const a = await buildAnnonce(db, {
    ...base,
    vehicleTypeId: c.car,
    brandId: c.peugeot,
    modelId: c.p208,
    modelFinishId: c.allure,
    color: 'RED',
    energy: 'DIESEL',
    fiscalPower: 6,
    theftCity: 'Toulouse',
    theftDepartmentCode: '31',
    theftLatitude: PLACES.toulouse.latitude,
    theftLongitude: PLACES.toulouse.longitude,
    description: 'Volée devant le Capitole.',
    validatedAt: new Date('2026-11-01T10:00:00Z'),
    nbViews: 10,
    additionalRewardLevel: 0,
  });
  const b = await buildAnnonce(db, {
    ...base,
    vehicleTypeId: c.car,
    brandId: c.citroen,
    modelId: c.c3,
    color: 'RED',
    energy: 'GASOIL',
    fiscalPower: 4,
    theftCity: 'Blagnac',
    theftDepartmentCode: '31',
    theftLatitude: PLACES.blagnac.latitude,
    theftLongitude: PLACES.blagnac.longitude,
    description: 'Disparue sur le parking de l’aéroport.',
    validatedAt: new Date('2026-11-05T10:00:00Z'),
    nbViews: 200,
    additionalRewardLevel: 3,
    additionalRewardAmount: 800,
  });
  const cc = await buildAnnonce(db, {
    ...base,
    vehicleTypeId: c.car,
    brandId: c.peugeot,
    modelId: c.p3008,
    color: 'BLUE',
    energy: 'DIESEL',
    fiscalPower: 8,
    theftCity: 'Lyon',
    theftDepartmentCode: '69',
    theftLatitude: PLACES.lyon.latitude,
    theftLongitude: PLACES.lyon.longitude,
    description: 'Volée dans un parking souterrain.',
    validatedAt: new Date('2026-10-01T10:00:00Z'),
    nbViews: 50,
    additionalRewardLevel: 5,
    additionalRewardAmount: 1500,
    // Boosted until after the test clock (2026-11-22).
    boostEndDate: new Date('2026-12-01T00:00:00Z'),
  });
  const d = await buildAnnonce(db, {
    ...base,
    vehicleTypeId: c.bicycle,
    brandId: c.btwin,
    color: 'GREEN',
    energy: 'WITHOUT',
    fiscalPower: null,
    theftCity: 'Muret',
    theftDepartmentCode: '31',
    theftLatitude: PLACES.muret.latitude,
    theftLongitude: PLACES.muret.longitude,
    description: 'Vélo volé devant l’école, antivol rouge coupé.',
    validatedAt: new Date('2026-11-10T10:00:00Z'),
    nbViews: 0,
    additionalRewardLevel: 1,
    additionalRewardAmount: 200,
    // A boost that ended: not boosted any more.
    boostEndDate: new Date('2026-11-20T00:00:00Z'),
  });
  const f = await buildAnnonce(db, {
    ...base,
    vehicleTypeId: c.car,
    brandId: c.peugeot,
    modelId: c.p208,
    color: 'RED',
    energy: 'GASOIL',
    fiscalPower: 5,
    theftCity: 'Paris',
    theftDepartmentCode: '75',
    theftLatitude: PLACES.paris.latitude,
    theftLongitude: PLACES.paris.longitude,
    description: 'Volée rue de Rivoli.',
    validatedAt: new Date('2026-09-01T10:00:00Z'),
    nbViews: 5,
    additionalRewardLevel: 2,
    additionalRewardAmount: 500,
  });
  const hidden = await buildAnnonce(db, {
    ...base,
    status: 'TO_VALIDATE',
    vehicleTypeId: c.car,
    brandId: c.renault,
    modelId: c.clio,
    color: 'RED',
    theftLatitude: PLACES.toulouse.latitude,
    theftLongitude: PLACES.toulouse.longitude,
    validatedAt: null,
  });
  return { owner, a: a.id, b: b.id, c: cc.id, d: d.id, f: f.id, hidden: hidden.id };
}

export type Fixture = Awaited<ReturnType<typeof buildFixture>>;

/**
 * What the discovery route tests start from: the app on its own database, the catalogue, the
 * fixture announcements, and a signed-up user who searches (built first, as each test did).
 * Close `t` in afterAll.
 */
export async function buildDiscoveryApp() {
  const t = await buildTestApp();
  const user = await buildUser(t.db);
  const c = await catalogue(t.db);
  const x = await buildFixture(t.db, c);
  return { t, user, c, x };
}
