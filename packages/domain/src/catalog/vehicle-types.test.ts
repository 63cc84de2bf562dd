import { describe, expect, it } from 'vitest';
import {
  VEHICLE_TYPE_CODES,
  VEHICLE_TYPES,
  isVehicleTypeCode,
  vehicleTypeByCode,
} from './vehicle-types';

describe('VEHICLE_TYPES', () => {
  it('defines each code once, in the order of their positions', () => {
    expect(VEHICLE_TYPES.map((type) => type.code)).toEqual([...VEHICLE_TYPE_CODES]);
    const positions = VEHICLE_TYPES.map((type) => type.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(new Set(positions).size).toBe(positions.length);
  });

  it.each([
    // code, licensed, VIN, bicycode, serial number, window engraving
    ['CAR', true, true, false, false, true],
    ['UTILITY', true, true, false, false, true],
    ['MOTORBIKE', true, true, false, false, false],
    ['SCOOTER', true, true, false, false, false],
    ['BICYCLE', false, false, true, true, false],
    ['ELECTRIC_BICYCLE', false, false, true, true, false],
    ['OTHER', false, false, false, true, false],
  ] as const)(
    '%s: licensed %s, VIN %s, bicycode %s, serial %s, engraving %s',
    (code, licensed, vin, bicycode, serial, engraving) => {
      const type = vehicleTypeByCode(code);
      expect(type).toMatchObject({
        isLicensed: licensed,
        hasVIN: vin,
        hasBicycode: bicycode,
        hasSerialNumber: serial,
        hasWindowEngraving: engraving,
      });
    },
  );

  it('gives every type an identifier a vehicle can be found by (docs/product/annonces.md §5)', () => {
    for (const type of VEHICLE_TYPES) {
      expect(type.isLicensed || type.hasVIN || type.hasBicycode || type.hasSerialNumber).toBe(true);
    }
  });

  it('names every type in French and English', () => {
    expect(VEHICLE_TYPES.map((type) => type.nameFr)).toEqual([
      'Voiture',
      'Utilitaire',
      'Moto',
      'Scooter',
      'Vélo',
      'Vélo électrique',
      'Autre',
    ]);
    for (const type of VEHICLE_TYPES) expect(type.nameEn).not.toBe('');
  });

  it('recognises its codes only', () => {
    expect(isVehicleTypeCode('CAR')).toBe(true);
    expect(isVehicleTypeCode('car')).toBe(false);
    expect(isVehicleTypeCode('BOAT')).toBe(false);
  });
});
