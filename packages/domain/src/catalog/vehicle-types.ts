/**
 * The vehicle types offered everywhere a vehicle is described (wizard, search filters, match form),
 * with what identifies a vehicle of that type (docs/product/annonces.md §5):
 * - a licensed type needs a licence plate;
 * - otherwise a VIN where the type has one, else a bicycode, plus a serial number where it has one.
 * The seed writes this table into `vehicle_types` (by `code`); the code never hard-codes ids.
 */
export const VEHICLE_TYPE_CODES = [
  'CAR',
  'UTILITY',
  'MOTORBIKE',
  'SCOOTER',
  'BICYCLE',
  'ELECTRIC_BICYCLE',
  'OTHER',
] as const;
export type VehicleTypeCode = (typeof VEHICLE_TYPE_CODES)[number];

export interface VehicleTypeDefinition {
  code: VehicleTypeCode;
  nameFr: string;
  nameEn: string;
  /** Order in lists: the four-wheelers first, then two-wheelers, "other" last. */
  position: number;
  /** Registered with a French plate (immatriculé): the plate is the identifier. */
  isLicensed: boolean;
  /** Carries a 17-character vehicle identification number (frame/chassis). */
  hasVIN: boolean;
  /** Can carry a Bicycode (the French national bicycle marking). */
  hasBicycode: boolean;
  /** Has a manufacturer's serial number (frame number of a bicycle, serial of anything else). */
  hasSerialNumber: boolean;
  /** Can have its windows engraved with the plate or VIN (gravage des vitres). */
  hasWindowEngraving: boolean;
}

export const VEHICLE_TYPES: readonly VehicleTypeDefinition[] = [
  // Cars and vans: plate, VIN on the chassis, and windows that can be engraved.
  {
    code: 'CAR',
    nameFr: 'Voiture',
    nameEn: 'Car',
    position: 1,
    isLicensed: true,
    hasVIN: true,
    hasBicycode: false,
    hasSerialNumber: false,
    hasWindowEngraving: true,
  },
  {
    code: 'UTILITY',
    nameFr: 'Utilitaire',
    nameEn: 'Van',
    position: 2,
    isLicensed: true,
    hasVIN: true,
    hasBicycode: false,
    hasSerialNumber: false,
    hasWindowEngraving: true,
  },
  // Motorised two-wheelers: plate and VIN, no windows to engrave.
  {
    code: 'MOTORBIKE',
    nameFr: 'Moto',
    nameEn: 'Motorbike',
    position: 3,
    isLicensed: true,
    hasVIN: true,
    hasBicycode: false,
    hasSerialNumber: false,
    hasWindowEngraving: false,
  },
  {
    code: 'SCOOTER',
    nameFr: 'Scooter',
    nameEn: 'Scooter',
    position: 4,
    isLicensed: true,
    hasVIN: true,
    hasBicycode: false,
    hasSerialNumber: false,
    hasWindowEngraving: false,
  },
  // Bicycles (assisted or not) have no plate: Bicycode marking and the frame's serial number.
  {
    code: 'BICYCLE',
    nameFr: 'Vélo',
    nameEn: 'Bicycle',
    position: 5,
    isLicensed: false,
    hasVIN: false,
    hasBicycode: true,
    hasSerialNumber: true,
    hasWindowEngraving: false,
  },
  {
    code: 'ELECTRIC_BICYCLE',
    nameFr: 'Vélo électrique',
    nameEn: 'Electric bicycle',
    position: 6,
    isLicensed: false,
    hasVIN: false,
    hasBicycode: true,
    hasSerialNumber: true,
    hasWindowEngraving: false,
  },
  // Anything else (e-scooter, trailer, quad…): only the manufacturer's serial number is certain.
  {
    code: 'OTHER',
    nameFr: 'Autre',
    nameEn: 'Other',
    position: 7,
    isLicensed: false,
    hasVIN: false,
    hasBicycode: false,
    hasSerialNumber: true,
    hasWindowEngraving: false,
  },
];

export function isVehicleTypeCode(value: string): value is VehicleTypeCode {
  return (VEHICLE_TYPE_CODES as readonly string[]).includes(value);
}

export function vehicleTypeByCode(code: VehicleTypeCode): VehicleTypeDefinition {
  const found = VEHICLE_TYPES.find((type) => type.code === code);
  if (!found) throw new Error(`unknown vehicle type ${code}`);
  return found;
}
