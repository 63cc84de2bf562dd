import type { GeoPlace } from '@app/domain';

/**
 * Turns text into places and coordinates into a place (DESIGN.md "geocoding"). The offline
 * implementation works at commune level from the communes table; the Base Adresse Nationale one
 * (GEOCODER=ban) knows street addresses but needs the network.
 */
export interface Geocoder {
  readonly kind: 'offline' | 'ban';
  /** Free text ("31000 Toulouse", "10 rue du Taur Toulouse") → best matching places first. */
  forward(text: string, options?: { limit?: number }): Promise<GeoPlace[]>;
  /** Coordinates → the nearest place, or null when nothing is near (open sea). */
  reverse(latitude: number, longitude: number): Promise<GeoPlace | null>;
  /** The start of a commune name or of a postal code → up to `limit` suggestions. */
  autocomplete(prefix: string, options?: { limit?: number }): Promise<GeoPlace[]>;
}

/** The geocoding service could not answer (network, timeout, unexpected answer). */
export class GeocoderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GeocoderUnavailableError';
  }
}

export const GEOCODER_DEFAULT_LIMIT = 10;

/** How a commune with one of its postal codes is labelled in suggestions: "Toulouse (31000)". */
export function communeLabel(city: string, postalCode: string): string {
  return `${city} (${postalCode})`;
}
