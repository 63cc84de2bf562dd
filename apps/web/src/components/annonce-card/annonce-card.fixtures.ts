import type { AnnonceCard as AnnonceCardData } from '@app/domain';

/** A card as the server sends it, for tests of every list. */
export function makeCard(overrides: Partial<AnnonceCardData> = {}): AnnonceCardData {
  return {
    id: 7,
    serverId: 7,
    title: 'Peugeot 208',
    vehicleType: {
      id: 1,
      code: 'CAR',
      name: 'Voiture',
      isLicensed: true,
      hasVIN: true,
      hasBicycode: false,
      hasSerialNumber: false,
      hasWindowEngraving: true,
    },
    vehicleFiles: [],
    address: 'Lyon',
    departement: '69',
    licensePlate: 'AB-123-**',
    vin: null,
    bicycode: null,
    serialNumber: null,
    boostEndDate: null,
    isBoosted: false,
    additionnalRewardLevel: 2,
    additionnalRewardAmount: 500,
    annonceFavorite: false,
    userHasSeenAnnonce: false,
    nbViews: 3,
    date: '2026-11-01T10:00:00.000Z',
    status: { value: 'VALIDATED' },
    askedToBeDeleted: false,
    isMine: false,
    isComplete: true,
    isFastAnnonce: false,
    commentaire: null,
    ...overrides,
  };
}
