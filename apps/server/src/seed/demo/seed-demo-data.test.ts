import { PHOTO_SIZE_NAMES } from '../../lib/photo-sizes';
import { signFileUrl } from '../../lib/signed-file-urls';
import { photoSizeKeyOf } from '../../modules/files/index';
import {
  isValidBicycode,
  isValidLicensePlate,
  isValidVin,
  normalizeCatalogName,
  VEHICLE_TYPES,
} from '@app/domain';
import { count, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  annoncePhotos,
  annonces,
  brands,
  brandVehicleTypes,
  models,
  policeStations,
  storedFiles,
  users,
  vehicleTypes,
} from '../../db/schema/index';
import { loadConfig } from '../../config';
import { verifyPassword } from '../../lib/passwords';
import { DEMO_POLICE_STATION_COUNT } from '../police-stations/demo-police-stations';
import { buildTestApp, type TestApp } from '../../../test/helper';
import { DEMO_ADMIN } from './demo-admin';
import { DEMO_ANNONCE_COUNT } from './demo-annonces';
import { DEMO_OWNER_COUNT } from './demo-people';
import { distanceKm, TOULOUSE_CENTRE } from './demo-places';
import { loadDemoCatalogue } from './demo-vehicles';
import { seedDemoData } from './seed-demo-data';

/**
 * The reference seed normally fills the catalogue; should it hold no brand yet, give the demo the
 * little it needs (a car brand and a bicycle brand), the way a fresh catalogue would.
 */
async function ensureMinimalCatalogue(t: TestApp) {
  if ((await loadDemoCatalogue(t.db)).length > 0) return;
  await t.db
    .insert(vehicleTypes)
    .values(
      VEHICLE_TYPES.map((type) => ({
        code: type.code,
        nameFr: type.nameFr,
        nameEn: type.nameEn,
        isLicensed: type.isLicensed,
        hasVin: type.hasVIN,
        hasBicycode: type.hasBicycode,
        hasSerialNumber: type.hasSerialNumber,
        hasWindowEngraving: type.hasWindowEngraving,
        position: type.position,
      })),
    )
    .onConflictDoNothing();
  const types = await t.db
    .select({ id: vehicleTypes.id, code: vehicleTypes.code })
    .from(vehicleTypes);
  const typeId = (code: string) => types.find((type) => type.code === code)?.id as number;
  for (const [brandName, code, modelName] of [
    ['Renault', 'CAR', 'Clio'],
    ['Decathlon', 'BICYCLE', 'Elops 520'],
  ] as const) {
    const [brand] = await t.db
      .insert(brands)
      .values({ name: brandName, normalizedName: normalizeCatalogName(brandName) })
      .returning({ id: brands.id });
    if (!brand) throw new Error('brand not created');
    await t.db.insert(brandVehicleTypes).values({ brandId: brand.id, vehicleTypeId: typeId(code) });
    await t.db.insert(models).values({
      brandId: brand.id,
      vehicleTypeId: typeId(code),
      name: modelName,
      normalizedName: normalizeCatalogName(modelName),
    });
  }
}

function recordingLog() {
  const messages: string[] = [];
  const record = (...args: unknown[]) => {
    messages.push(
      args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' '),
    );
  };
  const log = { info: record, warn: record } as unknown as Pick<FastifyBaseLogger, 'info' | 'warn'>;
  return { log, messages };
}

async function tableCounts(t: TestApp) {
  const [userCount] = await t.db.select({ n: count() }).from(users);
  const [annonceCount] = await t.db.select({ n: count() }).from(annonces);
  const [fileCount] = await t.db.select({ n: count() }).from(storedFiles);
  const [photoCount] = await t.db.select({ n: count() }).from(annoncePhotos);
  const [stationCount] = await t.db.select({ n: count() }).from(policeStations);
  return {
    users: userCount?.n,
    annonces: annonceCount?.n,
    files: fileCount?.n,
    photos: photoCount?.n,
    stations: stationCount?.n,
  };
}

describe('seedDemoData', () => {
  let t: TestApp;
  let firstRun: ReturnType<typeof recordingLog>;

  beforeAll(async () => {
    t = await buildTestApp({ env: { DEMO_DATA: 'true' } });
    await ensureMinimalCatalogue(t);
    firstRun = recordingLog();
    await seedDemoData(t.deps, { log: firstRun.log });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('creates the demo account, whose documented password works, and logs its credentials', async () => {
    const [demo] = await t.db.select().from(users).where(eq(users.username, 'demo@veilleurs.fr'));
    expect(demo).toMatchObject({
      firstname: 'Camille',
      lastname: 'Dupont',
      roles: ['ROLE_INDIVIDUAL_CONFIRMED'],
      identityStatus: 'ACCEPTED',
      isFirstConnexion: false,
      phoneNumber: '+33612345678',
      countryCode: 'FR',
      departmentCode: '31',
      locale: 'fr',
      isDemo: true,
    });
    expect(demo?.accountValidatedAt).toBeInstanceOf(Date);
    expect(await verifyPassword(demo?.passwordHash ?? '', 'Veilleurs2026')).toBe(true);
    expect(firstRun.messages).toContain('Demo account: demo@veilleurs.fr / Veilleurs2026');
  });

  it('creates fifteen demo owners who cannot log in', async () => {
    const owners = await t.db.select().from(users).where(eq(users.isDemo, true));
    const others = owners.filter(
      (owner) => !['demo@veilleurs.fr', 'admin.demo@veilleurs.fr'].includes(owner.username),
    );
    expect(others).toHaveLength(DEMO_OWNER_COUNT);
    for (const owner of others) {
      expect(await verifyPassword(owner.passwordHash, 'Veilleurs2026')).toBe(false);
      expect(owner.passwordHash.startsWith('$argon2')).toBe(false);
    }
  });

  it('publishes about 200 validated announcements around Toulouse, each with readable photos', async () => {
    const demoUser = (
      await t.db.select().from(users).where(eq(users.username, 'demo@veilleurs.fr'))
    )[0];
    const validated = (
      await t.db.select().from(annonces).where(eq(annonces.status, 'VALIDATED'))
    ).filter((annonce) => annonce.isDemo && annonce.ownerId !== demoUser?.id);
    expect(validated).toHaveLength(DEMO_ANNONCE_COUNT);

    const types = await t.db.select().from(vehicleTypes);
    const now = t.clock.now().getTime();
    for (const annonce of validated) {
      expect(annonce.theftDepartmentCode).toBe('31');
      expect(annonce.theftAddress).toMatch(/^\d+ .+, 31\d{3} .+$/);
      const where = {
        latitude: annonce.theftLatitude ?? 0,
        longitude: annonce.theftLongitude ?? 0,
      };
      expect(distanceKm(TOULOUSE_CENTRE, where)).toBeLessThanOrEqual(30);
      expect(annonce.isOwner).toBe(true);
      expect(annonce.description).toMatch(/volée? .*à /);
      expect(annonce.validatedAt!.getTime()).toBeLessThan(now);
      expect(annonce.validatedAt!.getTime()).toBeGreaterThan(now - 61 * 24 * 3600 * 1000);
      expect(annonce.publishedAt!.getTime()).toBeLessThan(annonce.validatedAt!.getTime());

      const type = types.find((candidate) => candidate.id === annonce.vehicleTypeId);
      expect(type).toBeDefined();
      if (type?.isLicensed) {
        expect(isValidLicensePlate(annonce.licensePlate ?? '')).toBe(true);
      } else if (type?.hasVin) {
        expect(isValidVin(annonce.vin ?? '')).toBe(true);
      } else {
        expect(annonce.bicycode ?? annonce.serialNumber).toBeTruthy();
        if (annonce.bicycode) expect(isValidBicycode(annonce.bicycode)).toBe(true);
      }
      if (annonce.vin) expect(isValidVin(annonce.vin)).toBe(true);
      if (type?.code === 'BICYCLE') expect(annonce.energy).toBe('WITHOUT');
      if (type?.code === 'ELECTRIC_BICYCLE') expect(annonce.energy).toBe('ELECTRIC');

      const level = annonce.additionalRewardLevel;
      expect(level).toBeGreaterThanOrEqual(0);
      expect(level).toBeLessThanOrEqual(5);
      if (level < 5) expect(annonce.additionalRewardAmount).toBe([0, 200, 500, 800, 1100][level]);
      else expect(annonce.additionalRewardAmount).toBeGreaterThanOrEqual(1400);
    }
    expect(validated.some((annonce) => (annonce.boostEndDate?.getTime() ?? 0) > now)).toBe(true);
    expect(validated.some((annonce) => annonce.nbViews > 122)).toBe(true);
    expect(validated.filter((annonce) => annonce.isComplete).length).toBeGreaterThan(
      DEMO_ANNONCE_COUNT / 2,
    );

    const photos = await t.db
      .select({
        annonceId: annoncePhotos.annonceId,
        position: annoncePhotos.position,
        fileId: storedFiles.id,
        storageKey: storedFiles.storageKey,
        sizeBytes: storedFiles.sizeBytes,
        visibility: storedFiles.visibility,
        fileOwnerId: storedFiles.ownerId,
      })
      .from(annoncePhotos)
      .innerJoin(storedFiles, eq(storedFiles.id, annoncePhotos.fileId))
      .where(
        inArray(
          annoncePhotos.annonceId,
          validated.map((annonce) => annonce.id),
        ),
      );
    for (const annonce of validated) {
      const own = photos.filter((photo) => photo.annonceId === annonce.id);
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(3);
      expect(own.map((photo) => photo.position).sort()).toEqual(own.map((_, index) => index));
      for (const photo of own) {
        expect(photo.visibility).toBe('public');
        expect(photo.fileOwnerId).toBe(annonce.ownerId);
        expect(photo.storageKey).toMatch(/^public\/demo\/[0-9a-f-]{36}\.jpg$/);
        const object = await t.deps.storage.get(photo.storageKey);
        expect(object?.size).toBe(photo.sizeBytes);
        object?.stream.destroy();
        // Its WebP sizes are stored with it, as an upload's are: a first visit does not wait for them.
        for (const size of PHOTO_SIZE_NAMES) {
          const sized = await t.deps.storage.get(photoSizeKeyOf(photo.storageKey, size));
          expect(sized?.contentType, `${photo.storageKey} ${size}`).toBe('image/webp');
          sized?.stream.destroy();
        }
      }
    }
    // Each announcement owns its files: no file is shared between two announcements.
    expect(new Set(photos.map((photo) => photo.fileId)).size).toBe(photos.length);

    const sample = photos[0];
    const res = await t.app.inject({
      method: 'GET',
      url: signFileUrl(t.deps.signingSecret, sample!.fileId, t.clock.now()),
    });
    expect(res.statusCode).toBe(200);
    const picture = await sharp(res.rawPayload).metadata();
    expect([picture.format, picture.width, picture.height, picture.exif]).toEqual([
      'jpeg',
      1200,
      800,
      undefined,
    ]);
  });

  it('gives the demo account two drafts, one announcement under review and two validated', async () => {
    const [demo] = await t.db.select().from(users).where(eq(users.username, 'demo@veilleurs.fr'));
    const mine = await t.db
      .select({ status: annonces.status, isDemo: annonces.isDemo })
      .from(annonces)
      .where(eq(annonces.ownerId, demo?.id ?? 0));
    expect(mine.map((annonce) => annonce.status).sort()).toEqual([
      'DRAFT',
      'DRAFT',
      'TO_VALIDATE',
      'VALIDATED',
      'VALIDATED',
    ]);
    expect(mine.every((annonce) => annonce.isDemo)).toBe(true);
  });

  it('adds the demo police stations around Toulouse', async () => {
    const stations = await t.db
      .select()
      .from(policeStations)
      .where(eq(policeStations.isDemo, true));
    expect(stations).toHaveLength(DEMO_POLICE_STATION_COUNT);
    for (const station of stations) {
      expect(distanceKm(TOULOUSE_CENTRE, station)).toBeLessThanOrEqual(30);
    }
  });

  it('creates the demo back-office admin, who can sign in at /admin/login', async () => {
    const [admin] = await t.db
      .select()
      .from(users)
      .where(eq(users.username, 'admin.demo@veilleurs.fr'));
    expect(admin).toMatchObject({ roles: ['ROLE_SUPER_ADMIN'], isDemo: true });
    expect(firstRun.messages).toContain(
      'Demo back office (/admin/): admin.demo@veilleurs.fr / Veilleurs2026',
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/login',
      payload: {
        username: 'admin.demo@veilleurs.fr',
        password: 'Veilleurs2026',
        rememberMe: false,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().roles).toEqual(['ROLE_SUPER_ADMIN']);
  });

  it('creates nothing new when run again, and still logs the credentials', async () => {
    const before = await tableCounts(t);
    const secondRun = recordingLog();
    await seedDemoData(t.deps, { log: secondRun.log });
    expect(await tableCounts(t)).toEqual(before);
    expect(secondRun.messages).toContain('Demo account: demo@veilleurs.fr / Veilleurs2026');
  }, 60_000);

  // Last: it changes the data. The seed is run again as production would run it, on a database
  // whose demo admin was moved aside (its row renamed, as nothing else may be touched): the demo
  // announcements are already there, so this costs seconds instead of a second demo seed.
  it('never creates the demo admin in production, even when demo data is asked for', async () => {
    await t.db
      .update(users)
      .set({ username: 'moved-aside.admin.demo@example.invalid' })
      .where(eq(users.username, DEMO_ADMIN.username));
    const run = recordingLog();
    await seedDemoData(
      { ...t.deps, config: { ...t.deps.config, APP_ENV: 'production', DEMO_DATA: true } },
      { log: run.log },
    );
    const admins = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, DEMO_ADMIN.username));
    expect(admins).toHaveLength(0);
    expect(run.messages.join('\n')).not.toContain('Demo back office');
    // The seed did run through: its other phases still speak.
    expect(run.messages).toContain('Demo account: demo@veilleurs.fr / Veilleurs2026');
  }, 60_000);
});

describe('demo data where real people are', () => {
  it('is off by default in production and preproduction, on elsewhere', () => {
    const base = { DATA_DIR: '/tmp/veilleurs-config-check' };
    expect(loadConfig({ ...base, APP_ENV: 'production' }).DEMO_DATA).toBe(false);
    expect(loadConfig({ ...base, APP_ENV: 'preproduction' }).DEMO_DATA).toBe(false);
    expect(loadConfig({ ...base, APP_ENV: 'development' }).DEMO_DATA).toBe(true);
    expect(loadConfig({ ...base, APP_ENV: 'production', DEMO_DATA: 'true' }).DEMO_DATA).toBe(true);
  });
});
