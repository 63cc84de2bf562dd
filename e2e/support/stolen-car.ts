import { expect, type APIRequestContext } from '@playwright/test';
import { aCar, adminTokenFor, newAccount, type ApiAccount } from './admin';
import { randomPlate } from './annonces';

/** Where the journeys' cars are stolen: a street of Toulouse, as the address field sends it. */
export const TOULOUSE_STREET = {
  address: '10 rue du Taur, 31000 Toulouse',
  latitude: 43.6065,
  longitude: 1.442,
  departement: '31',
};

export const bearer = (account: ApiAccount) => ({ Authorization: `Bearer ${account.token}` });

/** A fast car announcement as publishFastCar returned it: saved again, it keeps its car and plate. */
export interface PublishedCar {
  id: number;
  plate: string;
  car: Awaited<ReturnType<typeof aCar>>;
}

/**
 * A fast car announcement (no papers) saved and published by its owner, as Sophie does at 7 a.m.;
 * with `photo`, its one photo. It waits for the back office unless `validate` is set. With
 * `existing`, the same announcement is saved again with `changes` and published again, as an
 * owner does after a refusal.
 */
export async function publishFastCar(
  request: APIRequestContext,
  owner: ApiAccount,
  options: {
    photo?: Buffer;
    validate?: boolean;
    existing?: PublishedCar;
    changes?: Record<string, unknown>;
  } = {},
): Promise<PublishedCar> {
  const car = options.existing?.car ?? (await aCar(request, owner.token));
  const plate = options.existing?.plate ?? randomPlate();
  const photo: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> =
    options.photo
      ? {
          nbImagesVehicle: '1',
          'imagesVehicle[0]': { name: 'voiture.png', mimeType: 'image/png', buffer: options.photo },
        }
      : {};
  const saved = await request.post('/annonce/saveAnnonceGrandPublic', {
    headers: bearer(owner),
    multipart: {
      annonce: JSON.stringify({
        vehicleType: car.typeId,
        brand: car.brandId,
        model: car.modelId,
        licensePlate: plate,
        licensePlateConfirm: plate,
        energy: 'DIESEL',
        color: 'BLUE',
        address: TOULOUSE_STREET,
        isProprio: true,
        ownerAttestation: true,
        ...options.changes,
      }),
      ...(options.existing ? { annonceId: String(options.existing.id) } : {}),
      isDraft: 'true',
      isFastAnnonce: 'true',
      currentStep: '4',
      ...photo,
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const id = ((await saved.json()) as { id: number }).id;
  const published = await request.post('/annonce/publishAnnonceGP', {
    headers: bearer(owner),
    form: { annonceIds: String(id) },
  });
  expect(published.ok(), await published.text()).toBe(true);
  if (options.validate) {
    const admin = await newAccount(request);
    const validated = await request.post(`/admin/api/annonce/${id}/validate`, {
      headers: { Authorization: `Bearer ${await adminTokenFor(admin)}` },
    });
    expect(validated.ok(), await validated.text()).toBe(true);
  }
  return { id, plate, car };
}
