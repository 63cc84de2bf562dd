import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { normalizeSearchText } from '@app/domain';

/** One row of reference-data/geo/departements.csv (the 101 metropolitan and overseas departments). */
export interface DepartmentRow {
  code: string;
  name: string;
  regionCode: string;
  regionName: string;
}

/** One row of the communes table: a commune with one of its postal codes. */
export interface CommuneRow {
  inseeCode: string;
  postalCode: string;
  name: string;
  searchName: string;
  departmentCode: string;
  latitude: number | null;
  longitude: number | null;
  population: number;
}

/** The fields of @etalab/decoupage-administratif's communes.json the seed reads. */
interface EtalabCommune {
  code: string;
  nom: string;
  type: string;
  departement?: string;
  codesPostaux?: string[];
  population?: number;
  /** On an arrondissement municipal: the commune it belongs to (Paris, Lyon, Marseille). */
  commune?: string;
  /** INSEE codes the commune had before a merger or a renumbering. */
  anciensCodes?: string[];
}

export async function readDepartments(referenceDataDir: string): Promise<DepartmentRow[]> {
  const text = await fs.readFile(path.join(referenceDataDir, 'geo', 'departements.csv'), 'utf8');
  const records = parse(text, {
    columns: true,
    skip_empty_lines: true,
    trim: true,
    bom: true,
  }) as Record<string, string>[];
  return records.map((record) => ({
    code: required(record, 'code'),
    name: required(record, 'nom'),
    regionCode: required(record, 'code_region'),
    regionName: required(record, 'nom_region'),
  }));
}

/**
 * Communes come from the installed npm package (read in place, never copied: PROVENANCE.md §3);
 * their centres from La Poste's file, which has coordinates but is from 2020.
 */
export async function readCommuneRows(
  referenceDataDir: string,
  departmentCodes: ReadonlySet<string>,
): Promise<CommuneRow[]> {
  const require = createRequire(import.meta.url);
  const communesFile = require.resolve('@etalab/decoupage-administratif/data/communes.json');
  const [communesText, laPosteText] = await Promise.all([
    fs.readFile(communesFile, 'utf8'),
    fs.readFile(path.join(referenceDataDir, 'geo', 'laposte_hexasmal.csv'), 'utf8'),
  ]);
  return buildCommuneRows(
    JSON.parse(communesText) as EtalabCommune[],
    laPosteText,
    departmentCodes,
  );
}

type Centre = { latitude: number; longitude: number };

/**
 * Keeps current communes and the arrondissements municipaux of Paris, Lyon and Marseille in the
 * 101 departments, one row per postal code, and finds each one's centre, from the most to the least
 * precise source: La Poste's row for that commune and postal code; another postal code of the same
 * commune; for Paris/Lyon/Marseille, the arrondissement with that postal code; the commune's former
 * INSEE code; a La Poste row with the same postal code and name under another code. Otherwise null.
 */
export function buildCommuneRows(
  etalabCommunes: readonly EtalabCommune[],
  laPosteCsv: string,
  departmentCodes: ReadonlySet<string>,
): CommuneRow[] {
  const laPoste = parse(laPosteCsv, {
    delimiter: ';',
    columns: true,
    skip_empty_lines: true,
    bom: true,
    relax_quotes: true,
  }) as Record<string, string>[];

  const byInseeAndPostal = new Map<string, Centre>();
  const byInsee = new Map<string, Centre>();
  const byPostalAndName = new Map<string, Centre>();
  for (const record of laPoste) {
    const centre = parseCentre(record.coordonnees_gps);
    if (!centre) continue;
    const insee = record.Code_commune_INSEE ?? '';
    const postal = record.Code_postal ?? '';
    byInseeAndPostal.set(`${insee}|${postal}`, centre);
    if (!byInsee.has(insee)) byInsee.set(insee, centre);
    byPostalAndName.set(`${postal}|${normalizeSearchText(record.Nom_commune ?? '')}`, centre);
  }

  const kept = etalabCommunes.filter(
    (commune) =>
      (commune.type === 'commune-actuelle' || commune.type === 'arrondissement-municipal') &&
      commune.departement !== undefined &&
      departmentCodes.has(commune.departement),
  );
  const arrondissementsOf = new Map<string, EtalabCommune[]>();
  for (const commune of kept) {
    if (commune.type !== 'arrondissement-municipal' || !commune.commune) continue;
    const list = arrondissementsOf.get(commune.commune) ?? [];
    list.push(commune);
    arrondissementsOf.set(commune.commune, list);
  }

  const findCentre = (commune: EtalabCommune, postalCode: string): Centre | null => {
    const exact =
      byInseeAndPostal.get(`${commune.code}|${postalCode}`) ?? byInsee.get(commune.code);
    if (exact) return exact;
    const arrondissements = arrondissementsOf.get(commune.code) ?? [];
    const sameCode = arrondissements.find((a) => a.codesPostaux?.includes(postalCode));
    for (const arrondissement of sameCode ? [sameCode, ...arrondissements] : arrondissements) {
      const centre =
        byInseeAndPostal.get(`${arrondissement.code}|${postalCode}`) ??
        byInsee.get(arrondissement.code);
      if (centre) return centre;
    }
    for (const formerCode of commune.anciensCodes ?? []) {
      const centre = byInseeAndPostal.get(`${formerCode}|${postalCode}`) ?? byInsee.get(formerCode);
      if (centre) return centre;
    }
    return byPostalAndName.get(`${postalCode}|${normalizeSearchText(commune.nom)}`) ?? null;
  };

  const rows: CommuneRow[] = [];
  for (const commune of kept) {
    for (const postalCode of new Set(commune.codesPostaux ?? [])) {
      const centre = findCentre(commune, postalCode);
      rows.push({
        inseeCode: commune.code,
        postalCode,
        name: commune.nom,
        searchName: normalizeSearchText(commune.nom),
        departmentCode: commune.departement!,
        latitude: centre?.latitude ?? null,
        longitude: centre?.longitude ?? null,
        population: commune.population ?? 0,
      });
    }
  }
  return rows;
}

/** La Poste writes the centre as "lat,lon"; empty on a few rows. */
function parseCentre(value: string | undefined): Centre | null {
  if (!value) return null;
  const [latText, lonText] = value.split(',');
  const latitude = Number(latText);
  const longitude = Number(lonText);
  if (
    !latText?.trim() ||
    !lonText?.trim() ||
    !Number.isFinite(latitude) ||
    !Number.isFinite(longitude)
  ) {
    return null;
  }
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

function required(record: Record<string, string>, column: string): string {
  const value = record[column];
  if (!value) throw new Error(`departements.csv: column "${column}" is empty or missing`);
  return value;
}
