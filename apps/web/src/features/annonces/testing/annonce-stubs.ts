import type { AnnonceDetail } from '@app/domain';
import { json, stubFetch, type StubHandler } from '@/testing/fetch-stub';

export const CAR = {
  id: 1,
  code: 'CAR',
  name: 'Voiture',
  isLicensed: true,
  hasVIN: true,
  hasBicycode: false,
  hasSerialNumber: false,
  hasWindowEngraving: true,
};
export const BICYCLE = {
  id: 5,
  code: 'BICYCLE',
  name: 'Vélo',
  isLicensed: false,
  hasVIN: false,
  hasBicycode: true,
  hasSerialNumber: true,
  hasWindowEngraving: false,
};

export const TOULOUSE = {
  label: 'Toulouse (31000)',
  city: 'Toulouse',
  postalCode: '31000',
  inseeCode: '31555',
  departmentCode: '31',
  latitude: 43.6,
  longitude: 1.44,
};

/** The calls every wizard screen makes, answered like the demo server. */
export function stubWizard(more: Record<string, StubHandler> = {}) {
  return stubFetch({
    'GET /home/getHomeInfos': () =>
      json({ isFirstConnexion: false, identityRefused: false, identityNotSubmitted: false }),
    'GET /vehicleType/getAllActivated': () => json([CAR, BICYCLE]),
    'GET /annonce/getMyAnnonce': () => json({ annoncesDraft: [], toValidate: [], validated: [] }),
    'POST /brand/getAllActivatedByVehicleType/1': () =>
      json([
        { id: 10, name: 'Peugeot' },
        { id: 11, name: 'Renault' },
        { id: 12, name: 'Alpine' },
      ]),
    'POST /model/getAllActivatedByVehicleTypeAndBrand': () =>
      json([
        { id: 100, name: '208' },
        { id: 101, name: '3008' },
      ]),
    'GET /apiMobile/getColors': () =>
      json([
        { value: 'BLACK', text: 'Noir' },
        { value: 'RED', text: 'Rouge' },
      ]),
    'GET /apiMobile/getEnergies': () =>
      json([
        { value: 'DIESEL', text: 'Diesel' },
        { value: 'ELECTRIC', text: 'Électrique' },
      ]),
    'GET /geo/autocomplete': () => json([TOULOUSE]),
    'GET /annonce/getMyDraftAnnonceReadyToPublish': () => json([]),
    ...more,
  });
}

/** The multipart bodies sent to a path, in order. */
export function multipartsTo(stub: ReturnType<typeof stubFetch>, path: string): FormData[] {
  return stub.fetchMock.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === path)
    .map(([, init]) => init?.body as FormData);
}

export function makeDetail(overrides: Partial<AnnonceDetail> = {}): AnnonceDetail {
  return {
    id: 42,
    serverId: 42,
    annonceName: 'Peugeot 208',
    status: { value: 'VALIDATED' },
    isFastAnnonce: false,
    isLicensed: true,
    isComplete: true,
    isMine: false,
    isOwnedByCreator: true,
    isDeleted: false,
    askedToBeDeleted: false,
    annonceFavorite: false,
    date: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    relativeDate: 'il y a 3 heures',
    nbViews: 12,
    userHasSeenAnnonce: true,
    boostEndDate: null,
    isBoosted: false,
    additionnalRewardLevel: 3,
    additionnalRewardAmount: 800,
    reasonRefused: null,
    commentaire: null,
    needsReminderNotification: false,
    description: 'Volée devant la gare.',
    stepCreation: { isFastAnnonce: false, creationStep: { step: 10 } },
    resume: null,
    canEdit: false,
    completionDeadline: null,
    vehicle: {
      vehicleTypeId: 1,
      vehicleType: CAR,
      brandId: 10,
      brand: { id: 10, name: 'Peugeot' },
      modelId: 100,
      model: { id: 100, name: '208' },
      modelFinishId: null,
      modelFinish: null,
      energy: { value: 'DIESEL', text: 'Diesel' },
      color: { value: 'BLACK', text: 'Noir' },
      fiscalPower: 5,
      description: 'Rayure à l’arrière.',
      licensePlate: 'AB-123-**',
      vin: null,
      bicycode: null,
      serialNumber: null,
      hasWindowEngraving: false,
      vehicleImages: [1, 2, 3, 4, 5].map((id) => ({
        id,
        fileUrl: `http://localhost/files/${id}`,
        thumbnailUrl: `http://localhost/files/${id}/thumbnail`,
        width: 1600,
        height: 1200,
        sources: [
          { url: `http://localhost/files/${id}/small`, type: 'image/webp' as const, width: 480 },
          { url: `http://localhost/files/${id}/large`, type: 'image/webp' as const, width: 1280 },
        ],
      })),
      theftPosition: {
        type: 'THEFT_LOCATION',
        latitude: 43.6,
        longitude: 1.44,
        departement: '31',
        address: 'Toulouse',
        city: 'Toulouse',
      },
      vehiclePositionFinalDate: null,
      positions: { lastConfirmedPositionForInvalidMatch: null, lastTrackerPosition: null },
      identityRectoFile: null,
      identityVersoFile: null,
      carteGriseFile: null,
      depotPlainteFile: null,
      insuranceCompany: null,
      insuranceContract: null,
    },
    assuranceFile: null,
    isProprio: null,
    ownerAttestation: null,
    firstnameOwner: null,
    lastnameOwner: null,
    ...overrides,
  };
}
