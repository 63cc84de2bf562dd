import { normalizeCatalogName, parseLicensePlate, isValidBicycode, isValidVin } from '@app/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { brands, brandVehicleTypes, models, vehicleTypes } from '../../db/schema/index';
import type { Random } from './random';

export type DemoVehicleKind =
  'CAR' | 'UTILITY' | 'MOTORBIKE' | 'SCOOTER' | 'BICYCLE' | 'ELECTRIC_BICYCLE';

/** The mix of thefts the demo shows (cars first, then bicycles), in percent. */
const KIND_WEIGHTS: readonly (readonly [DemoVehicleKind, number])[] = [
  ['CAR', 45],
  ['BICYCLE', 18],
  ['ELECTRIC_BICYCLE', 12],
  ['SCOOTER', 15],
  ['MOTORBIKE', 7],
  ['UTILITY', 3],
];

/** Brands a French watcher expects to see, most stolen first; matched by catalogue name key. */
const PREFERRED_BRANDS: Record<DemoVehicleKind, readonly string[]> = {
  CAR: [
    'Renault',
    'Peugeot',
    'Citroën',
    'Dacia',
    'Volkswagen',
    'Toyota',
    'Fiat',
    'Ford',
    'Opel',
    'Nissan',
    'BMW',
    'Mercedes-Benz',
    'Audi',
    'Kia',
    'Hyundai',
    'Škoda',
    'Seat',
    'Mini',
    'Tesla',
  ],
  UTILITY: [
    'Renault',
    'Peugeot',
    'Citroën',
    'Ford',
    'Mercedes-Benz',
    'Fiat',
    'Volkswagen',
    'Iveco',
    'Opel',
  ],
  MOTORBIKE: [
    'Yamaha',
    'Honda',
    'Kawasaki',
    'Suzuki',
    'BMW',
    'Triumph',
    'KTM',
    'Ducati',
    'Harley-Davidson',
  ],
  SCOOTER: [
    'Yamaha',
    'Piaggio',
    'Peugeot',
    'Honda',
    'Kymco',
    'Vespa',
    'SYM',
    'Niu',
    'MBK',
    'Suzuki',
  ],
  BICYCLE: [
    "B'Twin",
    'Decathlon',
    'Rockrider',
    'Riverside',
    'Giant',
    'Trek',
    'Specialized',
    'Cannondale',
    'Scott',
    'Lapierre',
    'Orbea',
    'Canyon',
    'Cube',
    'Gitane',
    'Peugeot',
    'Van Rysel',
  ],
  ELECTRIC_BICYCLE: [
    'Moustache',
    'Decathlon',
    "B'Twin",
    'Giant',
    'Cube',
    'Lapierre',
    'Trek',
    'Specialized',
    'O2feel',
    'VanMoof',
    'Gitane',
    'Riese & Müller',
    'Cowboy',
  ],
};

const FALLBACK_BRAND_LIMIT = 30;
const MODEL_LIMIT = 3000;

export interface CatalogueChoice {
  kind: DemoVehicleKind;
  vehicleTypeId: number;
  isLicensed: boolean;
  hasVin: boolean;
  hasBicycode: boolean;
  hasSerialNumber: boolean;
  hasWindowEngraving: boolean;
  brands: readonly (readonly [
    { id: number; name: string; models: { id: number; name: string }[] },
    number,
  ])[];
}

/**
 * Reads, per vehicle type, the brands and models the demo may use. Works with whatever the catalogue
 * holds: known brands when present, otherwise the first brands that have models; a type with no
 * brand is left out of the mix.
 */
export async function loadDemoCatalogue(db: Db): Promise<CatalogueChoice[]> {
  const types = await db
    .select()
    .from(vehicleTypes)
    .where(
      inArray(
        vehicleTypes.code,
        KIND_WEIGHTS.map(([kind]) => kind),
      ),
    );
  const choices: CatalogueChoice[] = [];

  for (const type of types) {
    const kind = type.code as DemoVehicleKind;
    const preferred = PREFERRED_BRANDS[kind].map(normalizeCatalogName);
    const usable = and(
      eq(brandVehicleTypes.vehicleTypeId, type.id),
      eq(brands.approved, true),
      eq(brands.activated, true),
    );
    const hasModel = sql<boolean>`exists (select 1 from ${models} where ${models.brandId} = ${brands.id}
      and ${models.vehicleTypeId} = ${type.id} and ${models.approved} and ${models.activated})`;
    const brandColumns = {
      id: brands.id,
      name: brands.name,
      normalizedName: brands.normalizedName,
      hasModel,
    };
    let typeBrands = await db
      .select(brandColumns)
      .from(brands)
      .innerJoin(brandVehicleTypes, eq(brandVehicleTypes.brandId, brands.id))
      .where(and(usable, inArray(brands.normalizedName, preferred)));
    // Too few known brands with models (a catalogue from other sources): take brands that have some.
    if (typeBrands.filter((brand) => brand.hasModel).length < 3) {
      const more = await db
        .select(brandColumns)
        .from(brands)
        .innerJoin(brandVehicleTypes, eq(brandVehicleTypes.brandId, brands.id))
        .where(and(usable, hasModel))
        // Brands with many models are the well-known ones.
        .orderBy(
          desc(sql`(select count(*) from ${models} where ${models.brandId} = ${brands.id}
            and ${models.vehicleTypeId} = ${type.id})`),
          asc(brands.normalizedName),
        )
        .limit(FALLBACK_BRAND_LIMIT);
      const known = new Set(typeBrands.map((brand) => brand.id));
      typeBrands = [...typeBrands, ...more.filter((brand) => !known.has(brand.id))];
    }
    if (typeBrands.length === 0) continue;

    const modelRows = await db
      .select({ id: models.id, name: models.name, brandId: models.brandId })
      .from(models)
      .where(
        and(
          eq(models.vehicleTypeId, type.id),
          inArray(
            models.brandId,
            typeBrands.map((brand) => brand.id),
          ),
          eq(models.approved, true),
          eq(models.activated, true),
        ),
      )
      .orderBy(asc(models.brandId), asc(models.normalizedName))
      .limit(MODEL_LIMIT);

    const withModels = typeBrands
      .map((brand) => ({
        id: brand.id,
        name: brand.name,
        rank: preferred.indexOf(brand.normalizedName),
        models: modelRows
          .filter((model) => model.brandId === brand.id)
          .map(({ id, name }) => ({ id, name })),
      }))
      // A brand without models makes a card without a model name: only as a last resort.
      .filter(
        (brand, _index, all) =>
          brand.models.length > 0 || all.every((other) => other.models.length === 0),
      )
      .sort(
        (a, b) =>
          (a.rank < 0 ? 99 : a.rank) - (b.rank < 0 ? 99 : b.rank) || a.name.localeCompare(b.name),
      );

    choices.push({
      kind,
      vehicleTypeId: type.id,
      isLicensed: type.isLicensed,
      hasVin: type.hasVin,
      hasBicycode: type.hasBicycode,
      hasSerialNumber: type.hasSerialNumber,
      hasWindowEngraving: type.hasWindowEngraving,
      // The best-known brands are the most stolen: weight by rank.
      brands: withModels.map((brand, index) => [brand, 1 / (1 + index * 0.35)] as const),
    });
  }
  // A fixed order, so that the same catalogue always gives the same demo set.
  return choices.sort((a, b) => a.vehicleTypeId - b.vehicleTypeId);
}

export function pickCatalogue(
  random: Random,
  catalogue: readonly CatalogueChoice[],
): CatalogueChoice {
  const weights = catalogue.map(
    (choice) => [choice, KIND_WEIGHTS.find(([kind]) => kind === choice.kind)?.[1] ?? 0] as const,
  );
  return random.weighted(weights);
}

export type DemoColor =
  | 'UNDEFINED'
  | 'SILVER'
  | 'BEIGE'
  | 'WHITE'
  | 'BLUE'
  | 'BURGUNDY'
  | 'GREY'
  | 'IVORY'
  | 'YELLOW'
  | 'BROWN'
  | 'BLACK'
  | 'ORANGE'
  | 'PINK'
  | 'RED'
  | 'GREEN'
  | 'PURPLE';

/** Colours as they are on French roads: white, grey and black cars; bicycles more varied. */
const COLOR_WEIGHTS: Record<'motor' | 'bicycle', readonly (readonly [DemoColor, number])[]> = {
  motor: [
    ['WHITE', 22],
    ['GREY', 20],
    ['BLACK', 15],
    ['SILVER', 10],
    ['BLUE', 12],
    ['RED', 9],
    ['BEIGE', 2],
    ['BURGUNDY', 2],
    ['GREEN', 2],
    ['BROWN', 1],
    ['ORANGE', 1],
    ['YELLOW', 1],
    ['IVORY', 1],
    ['UNDEFINED', 1],
  ],
  bicycle: [
    ['BLACK', 20],
    ['WHITE', 12],
    ['GREY', 12],
    ['BLUE', 12],
    ['RED', 9],
    ['GREEN', 8],
    ['YELLOW', 5],
    ['ORANGE', 5],
    ['PINK', 4],
    ['PURPLE', 3],
    ['SILVER', 5],
    ['IVORY', 2],
    ['BROWN', 2],
    ['BURGUNDY', 1],
  ],
};

type Energy = 'GASOIL' | 'DIESEL' | 'ELECTRIC' | 'HYBRID' | 'BIOFUEL' | 'WITHOUT';

const ENERGY_WEIGHTS: Record<DemoVehicleKind, readonly (readonly [Energy, number])[]> = {
  CAR: [
    ['GASOIL', 45],
    ['DIESEL', 30],
    ['HYBRID', 12],
    ['ELECTRIC', 10],
    ['BIOFUEL', 3],
  ],
  UTILITY: [
    ['DIESEL', 80],
    ['GASOIL', 10],
    ['ELECTRIC', 10],
  ],
  MOTORBIKE: [
    ['GASOIL', 92],
    ['ELECTRIC', 8],
  ],
  SCOOTER: [
    ['GASOIL', 70],
    ['ELECTRIC', 30],
  ],
  BICYCLE: [['WITHOUT', 1]],
  ELECTRIC_BICYCLE: [['ELECTRIC', 1]],
};

/** World manufacturer prefixes of the VINs, so that a demo Renault's VIN starts like a Renault's. */
const VIN_PREFIXES: Record<string, string> = {
  renault: 'VF1',
  peugeot: 'VF3',
  citroen: 'VF7',
  dacia: 'UU1',
  volkswagen: 'WVW',
  toyota: 'JTD',
  fiat: 'ZFA',
  ford: 'WF0',
  opel: 'W0L',
  bmw: 'WBA',
  mercedesbenz: 'WDB',
  audi: 'WAU',
  yamaha: 'JYA',
  honda: 'JH2',
  kawasaki: 'JKA',
  suzuki: 'JS1',
  piaggio: 'ZAP',
  tesla: '5YJ',
};
/** Letters and digits a VIN may contain (no I, O or Q). */
const VIN_ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
/** Letters a French plate may contain (no I, O or U). */
const PLATE_LETTERS = 'ABCDEFGHJKLMNPQRSTVWXYZ';
const DIGITS = '0123456789';

export interface DemoVehicle {
  vehicleTypeId: number;
  kind: DemoVehicleKind;
  brandId: number;
  brandName: string;
  modelId: number | null;
  modelName: string | null;
  color: DemoColor;
  energy: Energy;
  fiscalPower: number | null;
  licensePlate: string | null;
  vin: string | null;
  bicycode: string | null;
  serialNumber: string | null;
  hasWindowEngraving: boolean;
}

function newPlate(random: Random): string {
  // SIV plates never start with SS or WW (W garage plates); keep the demo believable.
  let left = random.string(PLATE_LETTERS, 2);
  while (left === 'SS' || left === 'WW') left = random.string(PLATE_LETTERS, 2);
  const plate = `${left}${random.string(DIGITS, 3)}${random.string(PLATE_LETTERS, 2)}`;
  const parsed = parseLicensePlate(plate);
  if (!parsed) throw new Error(`demo plate generator made an invalid plate: ${plate}`);
  return parsed.normalized;
}

function vinFor(random: Random, brandName: string): string {
  const prefix = VIN_PREFIXES[normalizeCatalogName(brandName)] ?? 'VF9';
  const vin = prefix + random.string(VIN_ALPHABET, 17 - prefix.length);
  if (!isValidVin(vin)) throw new Error(`demo VIN generator made an invalid VIN: ${vin}`);
  return vin;
}

function bicycodeFor(random: Random): string {
  const code = random.string(DIGITS, 10) + random.string('ABCDEFGHJKLMNPRSTVWXYZ', 2);
  if (!isValidBicycode(code))
    throw new Error(`demo bicycode generator made an invalid code: ${code}`);
  return code;
}

/** A vehicle of the chosen type with identifiers that pass the wizard's rules (docs/product/annonces.md §5). */
export function createDemoVehicle(random: Random, choice: CatalogueChoice): DemoVehicle {
  const brand = random.weighted(choice.brands);
  const model = brand.models.length > 0 ? random.pick(brand.models) : null;
  const isBicycle = choice.kind === 'BICYCLE' || choice.kind === 'ELECTRIC_BICYCLE';
  const color = random.weighted(COLOR_WEIGHTS[isBicycle ? 'bicycle' : 'motor']);
  const energy = random.weighted(ENERGY_WEIGHTS[choice.kind]);

  let licensePlate: string | null = null;
  let vin: string | null = null;
  let bicycode: string | null = null;
  let serialNumber: string | null = null;
  if (choice.isLicensed) {
    licensePlate = newPlate(random);
    if (choice.hasVin && random.chance(0.4)) vin = vinFor(random, brand.name);
  } else if (choice.hasVin) {
    vin = vinFor(random, brand.name);
  } else {
    // Bicycles: a bicycode, a frame number, or both; never neither (docs/product/annonces.md §5).
    const withBicycode = choice.hasBicycode && random.chance(0.6);
    if (withBicycode) bicycode = bicycodeFor(random);
    if (choice.hasSerialNumber && (!withBicycode || random.chance(0.6))) {
      serialNumber = `${random.string('ABCDEFGHJKLMNPRSTVWXYZ', 3)}${random.string(DIGITS, 6)}${random.string('ABCDEFGHJKLMNPRSTVWXYZ', 1)}`;
    }
    if (!bicycode && !serialNumber) bicycode = bicycodeFor(random);
  }

  const fiscalPower =
    choice.kind === 'CAR'
      ? random.int(4, 11)
      : choice.kind === 'UTILITY'
        ? random.int(5, 9)
        : choice.kind === 'MOTORBIKE'
          ? random.int(3, 8)
          : choice.kind === 'SCOOTER'
            ? random.int(1, 2)
            : null;

  return {
    vehicleTypeId: choice.vehicleTypeId,
    kind: choice.kind,
    brandId: brand.id,
    brandName: brand.name,
    modelId: model?.id ?? null,
    modelName: model?.name ?? null,
    color,
    energy,
    fiscalPower,
    licensePlate,
    vin,
    bicycode,
    serialNumber,
    hasWindowEngraving: choice.hasWindowEngraving && random.chance(0.2),
  };
}
