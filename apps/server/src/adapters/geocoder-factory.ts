import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Geocoder } from './geocoder';
import { createBanGeocoder } from './geocoder-ban';
import { createCommunesGeocoder } from './geocoder-communes';

/** GEOCODER=ban uses the Base Adresse Nationale at GEOCODER_BAN_URL; the default works offline. */
export function createGeocoder(
  config: Pick<Config, 'GEOCODER' | 'GEOCODER_BAN_URL'>,
  db: Db,
): Geocoder {
  if (config.GEOCODER === 'ban') return createBanGeocoder({ baseUrl: config.GEOCODER_BAN_URL });
  return createCommunesGeocoder(db);
}
