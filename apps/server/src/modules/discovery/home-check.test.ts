import { describe, expect, it } from 'vitest';
import type { DiscoveryCard, HomeGroup } from '@app/domain';
import { checkedHome } from './home-check';

const card: DiscoveryCard = {
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
  address: 'Toulouse',
  departement: '31',
  licensePlate: null,
  vin: null,
  bicycode: null,
  serialNumber: null,
  boostEndDate: null,
  isBoosted: false,
  additionnalRewardLevel: 0,
  additionnalRewardAmount: 0,
  annonceFavorite: false,
  userHasSeenAnnonce: false,
  nbViews: 3,
  date: '2026-11-21T10:00:00.000Z',
  status: { value: 'VALIDATED' },
  askedToBeDeleted: false,
  isMine: false,
  isComplete: true,
  isFastAnnonce: false,
  commentaire: null,
  latitude: 43.6,
  longitude: 1.44,
  distanceKm: 2.5,
};

const homeOf = (annonces: unknown[]): HomeGroup[] => [
  {
    annonceType: 'LAST_ANNONCES',
    title: 'home.group.lastAnnonces',
    isI18n: true,
    annonces: annonces as DiscoveryCard[],
    vehicleTypeId: null,
    savedSearchId: null,
    savedSearchDescription: null,
  },
];

describe('a home held to its response schema', () => {
  it('keeps the cards it was given when the schema drops nothing (their kept JSON with them)', () => {
    const kept = Symbol('kept');
    const given = { ...card, [kept]: true };
    const [group] = checkedHome(homeOf([given]));
    expect(group!.annonces[0]).toBe(given);
  });

  it('answers the schema copy of a card carrying a field the schema does not name, at any depth', () => {
    const nested = { ...card, vehicleType: { ...card.vehicleType!, ownerEmail: 'a@b.c' } };
    const top = { ...card, theftAddress: '3 rue des Lilas' };
    const [withNested] = checkedHome(homeOf([nested]));
    expect(withNested!.annonces[0]).not.toBe(nested);
    expect(withNested!.annonces[0]!.vehicleType).not.toHaveProperty('ownerEmail');
    const [withTop] = checkedHome(homeOf([top]));
    expect(withTop!.annonces[0]).not.toHaveProperty('theftAddress');
    expect(withTop!.annonces[0]).toEqual(card);
  });

  it('refuses a card the schema refuses', () => {
    const { title: _missing, ...untitled } = card;
    expect(() => checkedHome(homeOf([untitled]))).toThrow();
  });
});
