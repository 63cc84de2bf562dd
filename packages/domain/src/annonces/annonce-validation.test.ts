import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  annonceProblems,
  formatProblems,
  missingIdentifier,
  normalizeAnnonceFields,
  normalizeFiscalPower,
  publicationProblems,
  type AnnonceFilesPresence,
  type VehicleTypeFlags,
} from './annonce-validation';
import { isValidSerialNumber } from './identifiers';

const CAR: VehicleTypeFlags = {
  isLicensed: true,
  hasVIN: true,
  hasBicycode: false,
  hasSerialNumber: false,
  hasWindowEngraving: true,
};
const BICYCLE: VehicleTypeFlags = {
  isLicensed: false,
  hasVIN: false,
  hasBicycode: true,
  hasSerialNumber: true,
  hasWindowEngraving: false,
};
const OTHER: VehicleTypeFlags = {
  isLicensed: false,
  hasVIN: false,
  hasBicycode: false,
  hasSerialNumber: true,
  hasWindowEngraving: false,
};
const VIN_ONLY: VehicleTypeFlags = {
  isLicensed: false,
  hasVIN: true,
  hasBicycode: true,
  hasSerialNumber: false,
  hasWindowEngraving: false,
};
const NOTHING: AnnonceFilesPresence = {
  photos: 0,
  identityRecto: false,
  identityVerso: false,
  carteGrise: false,
  plainte: false,
  assurance: false,
};
const ADDRESS = {
  address: '10 rue du Taur, 31000 Toulouse',
  latitude: 43.6,
  longitude: 1.44,
  departement: '31',
};

const carInput = {
  vehicleType: 1,
  brand: 2,
  model: 3,
  licensePlate: 'ab 123 cd',
  licensePlateConfirm: 'AB-123-CD',
  energy: 'DIESEL',
  color: 'BLUE',
  address: ADDRESS,
  isProprio: true,
  ownerAttestation: true,
};

describe('normalising the wizard fields', () => {
  it('normalises identifiers, drops what the type lacks, clears the other owner when owner', () => {
    const fields = normalizeAnnonceFields(
      {
        ...carInput,
        bicycode: '0123456789',
        firstnameOwner: 'Ana',
        fiscalPower: 7.6,
        vin: ' vf1ab000012345678 ',
      },
      CAR,
    );
    expect(fields).toMatchObject({
      licensePlate: 'AB123CD',
      licensePlateConfirm: 'AB123CD',
      vin: 'VF1AB000012345678',
      bicycode: null,
      firstnameOwner: null,
      fiscalPower: 8,
      hasWindowEngraving: false,
    });
    expect(
      normalizeAnnonceFields({ ...carInput, licensePlate: 'AB123CD' }, BICYCLE).licensePlate,
    ).toBeNull();
  });

  it.each([
    [-4, 0],
    [0, 0],
    [6.4, 6],
    [6.5, 7],
    [null, null],
    [Number.NaN, null],
  ])('fiscal power %s becomes %s', (input, expected) => {
    expect(normalizeFiscalPower(input)).toBe(expected);
  });
});

describe('identifier required per vehicle type (docs/product/annonces.md §5)', () => {
  const none = { licensePlate: null, vin: null, bicycode: null, serialNumber: null };
  it.each([
    [CAR, none, 'licensePlate'],
    [CAR, { ...none, licensePlate: 'AB123CD' }, null],
    [CAR, { ...none, vin: 'VF1AB000012345678' }, 'licensePlate'],
    [BICYCLE, none, 'bicycode'],
    [BICYCLE, { ...none, bicycode: '0123456789' }, null],
    [BICYCLE, { ...none, serialNumber: 'WTU123' }, null],
    [OTHER, none, 'serialNumber'],
    [OTHER, { ...none, serialNumber: 'X123' }, null],
    [VIN_ONLY, { ...none, bicycode: '0123456789' }, 'vin'],
    [VIN_ONLY, { ...none, vin: 'VF1AB000012345678' }, null],
  ])('%j with %j → missing %s', (type, fields, expected) => {
    expect(missingIdentifier(fields, type)).toBe(expected);
  });
});

describe('problems by step', () => {
  it('reports format problems of filled fields whatever the step', () => {
    const fields = normalizeAnnonceFields(
      { ...carInput, licensePlate: 'AB-123-OU', licensePlateConfirm: 'AB-123-OU', energy: 'STEAM' },
      CAR,
    );
    expect(formatProblems(fields).map((p) => [p.field, p.messageKey])).toEqual([
      ['licensePlate', 'annonce.licensePlate.invalidFeedBack'],
      ['energy', 'field.invalid.error'],
    ]);
  });

  it('marks both plate fields when the confirmation differs', () => {
    const fields = normalizeAnnonceFields({ ...carInput, licensePlateConfirm: 'AB-123-CE' }, CAR);
    expect(formatProblems(fields)).toEqual([
      { field: 'licensePlateConfirm', messageKey: 'annonce.licensePlateConfirm.invalidFeedBack' },
    ]);
  });

  it('checks only the steps reached', () => {
    const fields = normalizeAnnonceFields({ vehicleType: 1 }, CAR);
    expect(
      annonceProblems({ fields, type: CAR, files: NOTHING, isFast: true, throughStep: 1 }),
    ).toEqual([]);
    expect(
      annonceProblems({ fields, type: CAR, files: NOTHING, isFast: true, throughStep: 2 })[0],
    ).toEqual({
      field: 'brand',
      messageKey: 'MandatoryField',
    });
  });

  it('needs names, identity and attestation when not the owner; papers never block', () => {
    const fields = normalizeAnnonceFields(
      { ...carInput, isProprio: false, ownerAttestation: false },
      CAR,
    );
    expect(
      publicationProblems({ fields, type: CAR, files: NOTHING, isFast: true }).map((p) => p.field),
    ).toEqual([
      'lastnameOwner',
      'firstnameOwner',
      'identityRecto',
      'identityVerso',
      'ownerAttestation',
    ]);
    const owner = normalizeAnnonceFields(carInput, CAR);
    expect(publicationProblems({ fields: owner, type: CAR, files: NOTHING, isFast: true })).toEqual(
      [],
    );
  });

  it('asks a complete announcement for the VIN of a licensed type and at least one photo', () => {
    const fields = normalizeAnnonceFields(carInput, CAR);
    expect(
      publicationProblems({ fields, type: CAR, files: NOTHING, isFast: false }).map((p) => p.field),
    ).toEqual(['vin', 'vehicleFiles']);
  });
});

describe('serial numbers (property)', () => {
  it('accepts any 3 to 40 letters and digits, whatever separators are typed between them', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcxyz'), {
          minLength: 3,
          maxLength: 40,
        }),
        fc.constantFrom(' ', '-', '.', ''),
        (chars, separator) => isValidSerialNumber(chars.join(separator)),
      ),
    );
  });

  it('refuses fewer than 3 or more than 40 characters, and any symbol', () => {
    const alphanumeric = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
    fc.assert(
      fc.property(
        fc.array(alphanumeric, { maxLength: 2 }),
        (chars) => !isValidSerialNumber(chars.join('')),
      ),
    );
    fc.assert(
      fc.property(
        fc.array(alphanumeric, { minLength: 41, maxLength: 60 }),
        (chars) => !isValidSerialNumber(chars.join('')),
      ),
    );
    fc.assert(
      fc.property(
        fc.array(alphanumeric, { minLength: 3, maxLength: 30 }),
        fc.constantFrom('#', '/', '*', '_', 'é', '+'),
        fc.nat(),
        (chars, symbol, at) => {
          const index = at % (chars.length + 1);
          return !isValidSerialNumber(
            [...chars.slice(0, index), symbol, ...chars.slice(index)].join(''),
          );
        },
      ),
    );
  });
});
