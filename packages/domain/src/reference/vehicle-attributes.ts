import type { LocalizedOption } from './localized';

/** Vehicle colours, in the order the spec lists them (docs/product/discovery.md §3, docs/product/annonces.md §3). */
export const COLORS = [
  { value: 'UNDEFINED', fr: 'Non défini', en: 'Undefined' },
  { value: 'SILVER', fr: 'Argent', en: 'Silver' },
  { value: 'BEIGE', fr: 'Beige', en: 'Beige' },
  { value: 'WHITE', fr: 'Blanc', en: 'White' },
  { value: 'BLUE', fr: 'Bleu', en: 'Blue' },
  { value: 'BURGUNDY', fr: 'Bordeaux', en: 'Burgundy' },
  { value: 'GREY', fr: 'Gris', en: 'Grey' },
  { value: 'IVORY', fr: 'Ivoire', en: 'Ivory' },
  { value: 'YELLOW', fr: 'Jaune', en: 'Yellow' },
  { value: 'BROWN', fr: 'Marron', en: 'Brown' },
  { value: 'BLACK', fr: 'Noir', en: 'Black' },
  { value: 'ORANGE', fr: 'Orange', en: 'Orange' },
  { value: 'PINK', fr: 'Rose', en: 'Pink' },
  { value: 'RED', fr: 'Rouge', en: 'Red' },
  { value: 'GREEN', fr: 'Vert', en: 'Green' },
  { value: 'PURPLE', fr: 'Violet', en: 'Purple' },
] as const satisfies readonly LocalizedOption[];

export type Color = (typeof COLORS)[number]['value'];
export const COLOR_VALUES = COLORS.map((color) => color.value) as [Color, ...Color[]];

/**
 * Energies. GASOIL is labelled petrol ("Essence"): the spec keeps that historical value name, so the
 * value stays and only the label says what it means.
 */
export const ENERGIES = [
  { value: 'GASOIL', fr: 'Essence', en: 'Petrol' },
  { value: 'DIESEL', fr: 'Diesel', en: 'Diesel' },
  { value: 'ELECTRIC', fr: 'Électrique', en: 'Electric' },
  { value: 'HYBRID', fr: 'Hybride', en: 'Hybrid' },
  { value: 'BIOFUEL', fr: 'Biocarburant', en: 'Biofuel' },
  { value: 'WITHOUT', fr: 'Sans motorisation', en: 'None' },
] as const satisfies readonly LocalizedOption[];

export type Energy = (typeof ENERGIES)[number]['value'];
export const ENERGY_VALUES = ENERGIES.map((energy) => energy.value) as [Energy, ...Energy[]];
