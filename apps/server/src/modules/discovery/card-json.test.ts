import { describe, expect, it } from 'vitest';
import { cardJson, cardListsBytes, cardPageBytes, KEPT_CARD, type KeptCard } from './card-json';

const kept = {
  id: 7,
  title: 'Peugeot 208 "rouge" à Évry\u2028',
  vehicleFiles: [{ id: 1, fileUrl: 'https://x/1', sources: [] }],
  address: null,
  nbViews: 3,
  annonceFavorite: false,
  userHasSeenAnnonce: false,
  isBoosted: false,
  commentaire: undefined,
};

/** A viewer's copy, as card-cache.ts and discovery.service.ts make it. */
function copyFor(fields: Record<string, unknown>) {
  const withMarks = { ...kept, ...fields, [KEPT_CARD]: { card: kept } };
  return { ...withMarks, latitude: 48.86, longitude: 2.35, distanceKm: 1.5 };
}

describe('cards written from their kept JSON', () => {
  it('writes what JSON.stringify writes, the per-request fields included', () => {
    const card = copyFor({ annonceFavorite: true, userHasSeenAnnonce: true, isBoosted: true });
    const json = cardJson(card);
    expect(json).toMatch(/^\{"id":7,/);
    expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(card)));
  });

  it('writes a number JSON cannot hold as null, as JSON.stringify does', () => {
    const card = { ...copyFor({}), distanceKm: Number.NaN };
    expect(JSON.parse(cardJson(card))).toMatchObject({ distanceKm: null });
  });

  it('writes a card whose per-request field is not a scalar whole, as JSON.stringify does', () => {
    const card = { ...copyFor({}), distanceKm: { toJSON: () => 2.5 }, latitude: () => 1 };
    expect(JSON.parse(cardJson(card))).toEqual(JSON.parse(JSON.stringify(card)));
    expect(JSON.parse(cardJson(card))).not.toHaveProperty('latitude');
  });

  it('writes a copy whose other fields changed since it was kept from the copy itself', () => {
    const renamed = { ...copyFor({}), title: 'Renault Clio' };
    expect(JSON.parse(cardJson(renamed))).toMatchObject({ title: 'Renault Clio' });
    const added = { ...copyFor({}), isMine: true };
    expect(JSON.parse(cardJson(added))).toMatchObject({ isMine: true });
    const { nbViews: _dropped, ...removed } = copyFor({});
    expect(JSON.parse(cardJson(removed))).not.toHaveProperty('nbViews');
  });

  it('writes a page in UTF-8: its cards, kept or not, then its other fields', () => {
    const page = {
      annonces: [copyFor({ annonceFavorite: true }), { id: 8, title: 'Vélo œ 🚲' }, copyFor({})],
      isEndOfData: true,
      totalNbAnnonces: 3,
    };
    const bytes = cardPageBytes(page);
    expect(JSON.parse(bytes.toString('utf8'))).toEqual(JSON.parse(JSON.stringify(page)));
    // Every byte written: a buffer longer than its text would end in whatever memory held.
    expect(bytes.length).toBe(Buffer.byteLength(bytes.toString('utf8')));
    expect(bytes.toString('utf8').endsWith('"totalNbAnnonces":3}')).toBe(true);
    expect(JSON.parse(cardPageBytes({ annonces: [] }).toString('utf8'))).toEqual({ annonces: [] });
  });

  it('writes lists of cards as UTF-8 bytes, each kept card from bytes made once', () => {
    const entry: KeptCard = { card: kept };
    const copy = (fields: Record<string, unknown>) => ({ ...kept, ...fields, [KEPT_CARD]: entry });
    const lists = [
      { annonces: [copy({ annonceFavorite: true }), { id: 8, title: 'Vélo œ' }], title: 'Près' },
      { annonces: [], title: 'Vide' },
      { annonces: [copy({ distanceKm: 3 })], title: 'Alerte « 208 »' },
    ];
    const bytes = cardListsBytes(lists);
    expect(JSON.parse(bytes.toString('utf8'))).toEqual(JSON.parse(JSON.stringify(lists)));
    const made = entry.json?.headBytes;
    expect(made?.toString('utf8')).toBe(entry.json?.head);
    expect(cardListsBytes(lists).equals(bytes)).toBe(true);
    expect(entry.json?.headBytes).toBe(made);
    expect(cardListsBytes([]).toString('utf8')).toBe('[]');
  });
});
