import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../../db/database';
import { brands, brandVehicleTypes, models, vehicleTypes } from '../../../db/schema/index';
import type { TestApp, TestUser } from '../../../../test/helper';

/** A multipart body for app.inject, built the way a browser builds it. */
export async function multipart(
  parts: Record<string, string | number | boolean | { data: Buffer; name: string; type?: string }>,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'object') {
      form.append(
        name,
        new Blob([new Uint8Array(value.data)], { type: value.type ?? 'application/octet-stream' }),
        value.name,
      );
    } else {
      form.append(name, String(value));
    }
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}

export async function jpeg(color = '#a33', metadata = false): Promise<Buffer> {
  const image = sharp({ create: { width: 64, height: 48, channels: 3, background: color } });
  return (metadata ? image.withExif({ IFD0: { Artist: 'Camille Martin' } }) : image)
    .jpeg()
    .toBuffer();
}

export const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

export interface Catalogue {
  car: { typeId: number; brandId: number; modelId: number; otherModelId: number | null };
  bicycle: { typeId: number; brandId: number; modelId: number };
}

async function pickFor(db: Db, code: string) {
  const [type] = await db.select().from(vehicleTypes).where(eq(vehicleTypes.code, code));
  if (!type) throw new Error(`no vehicle type ${code}`);
  const rows = await db
    .select({ brandId: brands.id, modelId: models.id })
    .from(brands)
    .innerJoin(brandVehicleTypes, eq(brandVehicleTypes.brandId, brands.id))
    .innerJoin(models, and(eq(models.brandId, brands.id), eq(models.vehicleTypeId, type.id)))
    .where(
      and(
        eq(brandVehicleTypes.vehicleTypeId, type.id),
        eq(brands.approved, true),
        eq(models.approved, true),
      ),
    )
    .limit(50);
  let first = rows[0];
  if (!first) {
    // Some types (bicycles) come with brands but no models: add one to the first brand.
    const [brand] = await db
      .select({ id: brands.id })
      .from(brands)
      .innerJoin(brandVehicleTypes, eq(brandVehicleTypes.brandId, brands.id))
      .where(and(eq(brandVehicleTypes.vehicleTypeId, type.id), eq(brands.approved, true)))
      .limit(1);
    if (!brand) throw new Error(`no brand for ${code}`);
    const [model] = await db
      .insert(models)
      .values({
        brandId: brand.id,
        vehicleTypeId: type.id,
        name: 'Test model',
        normalizedName: 'test model',
      })
      .returning({ id: models.id });
    first = { brandId: brand.id, modelId: model!.id };
  }
  const other = rows.find((row) => row.brandId === first.brandId && row.modelId !== first.modelId);
  return {
    typeId: type.id,
    brandId: first.brandId,
    modelId: first.modelId,
    otherModelId: other?.modelId ?? null,
  };
}

export async function loadCatalogue(db: Db): Promise<Catalogue> {
  return { car: await pickFor(db, 'CAR'), bicycle: await pickFor(db, 'BICYCLE') };
}

/** A precise address in Toulouse (department 31), as the address search gives it. */
export const TOULOUSE_ADDRESS = {
  address: '10 rue du Taur, 31000 Toulouse',
  latitude: 43.6065,
  longitude: 1.442,
  departement: '31',
};

/** Every mandatory field of a car, owner. */
export function carFields(catalogue: Catalogue, overrides: Record<string, unknown> = {}) {
  return {
    vehicleType: catalogue.car.typeId,
    brand: catalogue.car.brandId,
    model: catalogue.car.modelId,
    licensePlate: 'ab-123-cd',
    licensePlateConfirm: 'AB 123 CD',
    energy: 'DIESEL',
    color: 'BLUE',
    address: TOULOUSE_ADDRESS,
    isProprio: true,
    ownerAttestation: true,
    ...overrides,
  };
}

export function bicycleFields(catalogue: Catalogue, overrides: Record<string, unknown> = {}) {
  return {
    vehicleType: catalogue.bicycle.typeId,
    brand: catalogue.bicycle.brandId,
    model: catalogue.bicycle.modelId,
    bicycode: '0123456789AB',
    energy: 'WITHOUT',
    color: 'RED',
    address: TOULOUSE_ADDRESS,
    isProprio: true,
    ownerAttestation: true,
    ...overrides,
  };
}

type Part = string | number | boolean | { data: Buffer; name: string; type?: string };

/** POST /annonce/saveAnnonceGrandPublic (or checkStepBeforeSave) as the user. */
export async function saveAnnonce(
  t: TestApp,
  user: TestUser,
  annonce: Record<string, unknown>,
  parts: Record<string, Part> = {},
  url = '/annonce/saveAnnonceGrandPublic',
) {
  const body = await multipart({ annonce: JSON.stringify(annonce), isDraft: 'true', ...parts });
  return t.injectAs(user, { method: 'POST', url, payload: body.payload, headers: body.headers });
}
