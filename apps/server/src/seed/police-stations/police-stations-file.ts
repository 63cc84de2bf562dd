import { parse } from 'csv-parse/sync';
import { departmentCodeFromInsee, normalizeSearchText, type PoliceStationKind } from '@app/domain';

/** A station read from the file, ready to be stored. */
export interface PoliceStationRecord {
  kind: PoliceStationKind;
  sourceKey: string;
  name: string;
  address: string;
  postalCode: string | null;
  city: string | null;
  inseeCode: string | null;
  departmentCode: string | null;
  phoneNumber: string | null;
  latitude: number;
  longitude: number;
  openingHours: string | null;
  url: string | null;
}

/** A row left out, with its line in the file (the header is line 1) and why. */
export interface SkippedRow {
  line: number;
  service: string;
  reason: string;
}

export const SKIP_REASONS = {
  recruitmentCentre: 'recruitment centre, not a station open to the public',
  motorisedUnit: 'motorised unit, not a station open to the public',
  missingName: 'no service name',
  invalidCoordinates: 'missing or invalid coordinates (geocodage_x_GPS / geocodage_y_GPS)',
  missingAddress: 'no address',
  duplicate: (line: number) => `same station as line ${line}`,
} as const;

const REQUIRED_COLUMNS = ['service', 'geocodage_x_gps', 'geocodage_y_gps'];
const DAYS: readonly (readonly [column: string, label: string])[] = [
  ['lundi', 'Lundi'],
  ['mardi', 'Mardi'],
  ['mercredi', 'Mercredi'],
  ['jeudi', 'Jeudi'],
  ['vendredi', 'Vendredi'],
  ['samedi', 'Samedi'],
  ['dimanche', 'Dimanche'],
  ['jours_feries', 'Jours fériés'],
];

/**
 * Reads one of the Ministère de l'Intérieur's files (reference-data/police-stations/README.md):
 * semicolon-separated, UTF-8, BOM or not, with opening hours either as `horaires_accueil` text or
 * as `<day>_plage{1,2,3}_{debut,fin}` columns. The kind comes from the caller (which file it is).
 * Throws when a required column is missing: that is not a station file.
 */
export function parsePoliceStationsFile(
  text: string,
  kind: PoliceStationKind,
): { stations: PoliceStationRecord[]; skipped: SkippedRow[] } {
  const rows = parse(text, {
    delimiter: ';',
    bom: true,
    columns: (header: string[]) => header.map((column) => column.trim().toLowerCase()),
    info: true,
    skip_empty_lines: true,
    relax_column_count: true,
    relax_quotes: true,
    trim: true,
  }) as { record: Record<string, string | undefined>; info: { lines: number } }[];

  const firstRecord = rows[0]?.record;
  if (firstRecord) {
    const missing = REQUIRED_COLUMNS.filter((column) => !(column in firstRecord));
    if (missing.length > 0)
      throw new Error(`not a station file: column(s) ${missing.join(', ')} missing`);
  }

  const stations: PoliceStationRecord[] = [];
  const skipped: SkippedRow[] = [];
  const lineOfKey = new Map<string, number>();
  for (const { record, info } of rows) {
    const line = info.lines;
    const value = (column: string) => {
      const found = record[column]?.trim();
      return found ? found : null;
    };
    const service = value('service') ?? '';
    const skip = (reason: string) => skipped.push({ line, service, reason });

    if (!service) {
      skip(SKIP_REASONS.missingName);
      continue;
    }
    const searchableService = normalizeSearchText(service);
    if (searchableService.includes('recrutement')) {
      skip(SKIP_REASONS.recruitmentCentre);
      continue;
    }
    if (/\bmotorise/.test(searchableService)) {
      skip(SKIP_REASONS.motorisedUnit);
      continue;
    }
    const longitude = parseCoordinate(value('geocodage_x_gps'), 180);
    const latitude = parseCoordinate(value('geocodage_y_gps'), 90);
    if (longitude === null || latitude === null || (longitude === 0 && latitude === 0)) {
      skip(SKIP_REASONS.invalidCoordinates);
      continue;
    }
    const postalCode = value('code_postal');
    const city = value('commune');
    const street = value('voie');
    const address =
      value('adresse_geographique') ??
      ([street, [postalCode, city].filter(Boolean).join(' ')].filter(Boolean).join(', ') || null);
    if (!address) {
      skip(SKIP_REASONS.missingAddress);
      continue;
    }
    const inseeCode = value('code_commune_insee');
    const sourceKey =
      (kind === 'gendarmerie' ? value('identifiant_public_unite') : null) ??
      // The police file has no identifier: the commune, the service and its street name the station.
      [
        inseeCode ?? postalCode ?? '',
        searchableService,
        normalizeSearchText(street ?? address),
      ].join('|');
    const firstLine = lineOfKey.get(sourceKey);
    if (firstLine !== undefined) {
      skip(SKIP_REASONS.duplicate(firstLine));
      continue;
    }
    lineOfKey.set(sourceKey, line);

    stations.push({
      kind,
      sourceKey,
      name: service,
      address,
      postalCode,
      city,
      inseeCode,
      departmentCode: departmentCode(value('departement'), inseeCode),
      phoneNumber: value('telephone'),
      latitude,
      longitude,
      openingHours: value('horaires_accueil') ?? openingHoursFromSlots(value),
      url: value('url'),
    });
  }
  return { stations, skipped };
}

/** Decimal degrees, with a dot or a French decimal comma, within ±limit. */
function parseCoordinate(text: string | null, limit: number): number | null {
  if (!text || !/^-?\d+([.,]\d+)?$/.test(text)) return null;
  const number = Number(text.replace(',', '.'));
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
}

/** The file's department ("31", "1", "2a"), else the one of the INSEE code. */
function departmentCode(text: string | null, inseeCode: string | null): string | null {
  if (text && /^\d{1,3}$/.test(text)) return text.padStart(2, '0');
  if (text && /^2[AB]$/i.test(text)) return text.toUpperCase();
  return inseeCode ? departmentCodeFromInsee(inseeCode) : null;
}

/** "Lundi 08:00-12:00, 14:00-18:00; Mardi …" from the older slot columns; null when all are empty. */
function openingHoursFromSlots(value: (column: string) => string | null): string | null {
  const days = DAYS.flatMap(([column, label]) => {
    const slots = [1, 2, 3].flatMap((slot) => {
      const start = value(`${column}_plage${slot}_debut`);
      const end = value(`${column}_plage${slot}_fin`);
      return start && end ? [`${start}-${end}`] : [];
    });
    return slots.length > 0 ? [`${label} ${slots.join(', ')}`] : [];
  });
  return days.length > 0 ? days.join('; ') : null;
}
