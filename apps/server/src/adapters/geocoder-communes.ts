import { sql, type SQL } from 'drizzle-orm';
import { GEO_AUTOCOMPLETE_MAX_RESULTS, normalizeSearchText, type GeoPlace } from '@app/domain';
import type { Db } from '../db/database';
import { communeLabel, GEOCODER_DEFAULT_LIMIT, type Geocoder } from './geocoder';

interface CommuneRecord {
  insee_code: string;
  postal_code: string;
  name: string;
  department_code: string;
  latitude: number | null;
  longitude: number | null;
}

/** Boxes searched around a point for reverse geocoding, in degrees of latitude (~22, ~110, ~550 km). */
const REVERSE_SEARCH_BOXES = [0.2, 1, 5];

/**
 * The offline geocoder: communes and postal codes from the reference seed, with La Poste's commune
 * centres. It knows communes, not streets, so every answer is a commune with a postal code; reverse
 * geocoding gives the commune whose centre is nearest.
 */
export function createCommunesGeocoder(db: Db): Geocoder {
  const query = async (statement: SQL): Promise<GeoPlace[]> => {
    const result = (await db.execute(statement)) as unknown as { rows: CommuneRecord[] };
    return result.rows.map(toPlace);
  };

  return {
    kind: 'offline',

    async autocomplete(prefix, options = {}) {
      const limit = clampLimit(options.limit);
      const { postalPrefix, name } = splitQuery(prefix);
      if (!postalPrefix && !name) return [];
      if (postalPrefix) {
        // A postal code (or its start) lists every commune served by it, one row per postal code.
        const found = await query(sql`
          select insee_code, postal_code, name, department_code, latitude, longitude
          from communes
          where postal_code like ${`${postalPrefix}%`}
            ${name ? sql`and (search_name like ${`${name}%`} or search_name like ${`% ${name}%`})` : sql``}
          order by postal_code, population desc, name
          limit ${limit}`);
        // "paris 16" or "lyon 3": the number belongs to the name (an arrondissement).
        if (found.length > 0 || !name) return found;
        return query(autocompleteByName(normalizeSearchText(prefix), limit));
      }
      return query(autocompleteByName(name, limit));
    },

    async forward(text, options = {}) {
      const limit = clampLimit(options.limit);
      const normalized = normalizeSearchText(text);
      const postalCode = /(?:^| )(\d{5})(?: |$)/.exec(normalized)?.[1] ?? null;
      const name = normalized
        .split(' ')
        .filter((word) => !/^\d+$/.test(word))
        .join(' ');
      if (!postalCode && !name) return [];
      if (name) {
        const found = await query(forwardByName(name, postalCode, limit));
        if (found.length > 0 || !postalCode) return found;
      }
      // The postal code alone: the name did not match any commune it serves.
      return query(sql`
        select insee_code, postal_code, name, department_code, latitude, longitude
        from communes where postal_code = ${postalCode}
        order by population desc, name
        limit ${limit}`);
    },

    async reverse(latitude, longitude) {
      for (const box of REVERSE_SEARCH_BOXES) {
        const lngBox = box / Math.max(Math.cos((latitude * Math.PI) / 180), 0.1);
        const [nearest] = await query(sql`
          select insee_code, postal_code, name, department_code, latitude, longitude
          from communes
          where latitude between ${latitude - box} and ${latitude + box}
            and longitude between ${longitude - lngBox} and ${longitude + lngBox}
          order by earth_distance(ll_to_earth(${latitude}, ${longitude}), ll_to_earth(latitude, longitude)),
            postal_code
          limit 1`);
        if (nearest) return nearest;
      }
      return null;
    },
  };
}

/**
 * One suggestion per commune (its first postal code); names starting with the text come before
 * names with a later word starting with it ("etienne" → Saint-Étienne), then by population.
 */
function autocompleteByName(name: string, limit: number): SQL {
  return sql`
    select insee_code, postal_code, name, department_code, latitude, longitude
    from (
      select distinct on (insee_code) *
      from communes
      where search_name like ${`${name}%`} or search_name like ${`% ${name}%`}
      order by insee_code, postal_code
    ) as matching
    order by
      case when search_name = ${name} then 0 when search_name like ${`${name}%`} then 1 else 2 end,
      population desc, name, postal_code
    limit ${limit}`;
}

/**
 * Communes named in the text, best first: the whole text is the name; the name appears in the text
 * as whole words ("10 rue du taur toulouse" names Toulouse), longest name first; then names that
 * look alike (trigram similarity, for typos).
 */
function forwardByName(name: string, postalCode: string | null, limit: number): SQL {
  const padded = ` ${name} `;
  return sql`
    select insee_code, postal_code, name, department_code, latitude, longitude
    from (
      select distinct on (insee_code) *,
        case
          when search_name = ${name} then 0
          when ${padded} like ('% ' || search_name || ' %') then 1
          else 2
        end as rank,
        similarity(search_name, ${name}) as likeness
      from communes
      where (search_name = ${name}
             or ${padded} like ('% ' || search_name || ' %')
             or search_name % ${name})
        ${postalCode ? sql`and postal_code = ${postalCode}` : sql``}
      order by insee_code, postal_code
    ) as matching
    order by rank, case when rank = 1 then -length(search_name) else 0 end, likeness desc,
      population desc, name
    limit ${limit}`;
}

/** "31 toul" → postal prefix "31" and name "toul"; digits longer than a postal code are ignored. */
function splitQuery(text: string): { postalPrefix: string | null; name: string } {
  const words = normalizeSearchText(text).split(' ').filter(Boolean);
  const postalPrefix = words.find((word) => /^\d{1,5}$/.test(word)) ?? null;
  const name = words.filter((word) => !/^\d+$/.test(word)).join(' ');
  return { postalPrefix, name };
}

function clampLimit(limit: number | undefined): number {
  return Math.min(
    Math.max(Math.trunc(limit ?? GEOCODER_DEFAULT_LIMIT), 1),
    GEO_AUTOCOMPLETE_MAX_RESULTS,
  );
}

function toPlace(row: CommuneRecord): GeoPlace {
  return {
    label: communeLabel(row.name, row.postal_code),
    city: row.name,
    postalCode: row.postal_code,
    inseeCode: row.insee_code,
    departmentCode: row.department_code,
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
  };
}
