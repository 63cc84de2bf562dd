import type { APIRequestContext } from '@playwright/test';
import { adminTokenFor, newAccount } from './admin';
import { randomPlate } from './annonces';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string) {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A car type with a brand that has models, as the wizard's first steps offer them. */
async function pickCar(request: APIRequestContext, token: string) {
  const types = await ok<{ id: number; isLicensed: boolean }[]>(
    await request.get('/vehicleType/getAllActivated', { headers: auth(token) }),
    'vehicle types',
  );
  for (const type of types.filter((item) => item.isLicensed)) {
    const brands = await ok<{ id: number }[]>(
      await request.post(`/brand/getAllActivatedByVehicleType/${type.id}`, {
        headers: auth(token),
      }),
      'brands',
    );
    for (const brand of brands.slice(0, 15)) {
      const models = await ok<{ id: number }[]>(
        await request.post('/model/getAllActivatedByVehicleTypeAndBrand', {
          headers: auth(token),
          form: { vehicleTypeId: type.id, brandId: brand.id },
        }),
        'models',
      );
      if (models[0]) return { vehicleType: type.id, brand: brand.id, model: models[0].id };
    }
  }
  throw new Error('no licensed type with a brand and a model');
}

/**
 * A fast announcement of the signed-in account, published (TO_VALIDATE) with a 2-star reward, made
 * through the same calls as the wizard: the payment journeys start from a known reward.
 */
export async function publishTwoStarAnnonce(
  request: APIRequestContext,
  token: string,
): Promise<number> {
  const car = await pickCar(request, token);
  const plate = randomPlate();
  const saved = await ok<{ id: number }>(
    await request.post('/annonce/saveAnnonceGrandPublic', {
      headers: auth(token),
      multipart: {
        annonce: JSON.stringify({
          ...car,
          licensePlate: plate,
          licensePlateConfirm: plate,
          energy: 'DIESEL',
          color: 'BLUE',
          address: {
            address: '10 rue du Taur, 31000 Toulouse',
            latitude: 43.6065,
            longitude: 1.442,
            departement: '31',
          },
          isProprio: true,
          ownerAttestation: true,
        }),
        isDraft: 'false',
        isFastAnnonce: 'true',
        currentStep: '4',
        additionnalRewardLevel: '2',
      },
    }),
    'save',
  );
  await ok<boolean>(
    await request.post('/annonce/publishAnnonceGP', {
      headers: auth(token),
      form: { annonceIds: String(saved.id) },
    }),
    'publish',
  );
  return saved.id;
}

export async function annonceDetail(request: APIRequestContext, token: string, id: number) {
  return ok<{
    additionnalRewardLevel: number;
    additionnalRewardAmount: number;
    boostEndDate: string | null;
  }>(await request.get(`/annonce/${id}`, { headers: auth(token) }), 'announcement');
}

/**
 * An admin validates the announcement through the back-office API, as the admin journeys do: a
 * boost journey then starts from its own VALIDATED announcement, whatever earlier runs (or a retry)
 * did to the demo data.
 */
export async function validateInBackOffice(request: APIRequestContext, annonceId: number) {
  const admin = await newAccount(request);
  const token = await adminTokenFor(admin);
  await ok<unknown>(
    await request.post(`/admin/api/annonce/${annonceId}/validate`, { headers: auth(token) }),
    'validation in the back office',
  );
}
