import { sql } from 'drizzle-orm';
import type { MatchableAnnonce } from '@app/domain';

/**
 * What a search's criteria are checked against in memory (savedSearchMatcher): the alert fan-out
 * for a newly validated announcement, the home lists for the announcements that changed.
 */
export const MATCHABLE_COLUMNS = sql.raw(`vehicle_type_id, brand_id, model_id, model_finish_id,
  color, energy, fiscal_power, theft_latitude, theft_longitude, search_text`);

/** A row of MATCHABLE_COLUMNS, as both drivers give it. */
export interface MatchableRow {
  vehicle_type_id: number | null;
  brand_id: number | null;
  model_id: number | null;
  model_finish_id: number | null;
  color: string | null;
  energy: string | null;
  fiscal_power: number | null;
  theft_latitude: number | null;
  theft_longitude: number | null;
  search_text: string | null;
}

export function matchableOfRow(row: MatchableRow): MatchableAnnonce {
  return {
    vehicleTypeId: row.vehicle_type_id,
    brandId: row.brand_id,
    modelId: row.model_id,
    modelFinishId: row.model_finish_id,
    color: row.color,
    energy: row.energy,
    fiscalPower: row.fiscal_power,
    latitude: row.theft_latitude,
    longitude: row.theft_longitude,
    searchText: row.search_text,
  };
}
