import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeIdentifier, parseLicensePlate } from '../annonces/identifiers';
import {
  checkIdentifier,
  CONFUSION_PAIRS,
  confusedWith,
  confusionKey,
  findIdentifierInText,
  isCloseMatch,
  repairNewPlateReading,
} from './identifier-match';
import { matchListGroup } from './match-status';
import {
  GetMatchResultBodySchema,
  matchFormProblems,
  SaveMatchFormSchema,
  scannedIdentifierValue,
  ScannedIdentifierSchema,
} from './match.schemas';

// Letters allowed on plates (no I, O, U) and digits.
const plateLetter = fc.constantFrom(...'ABCDEFGHJKLMNPQRSTVWXYZ'.split(''));
const digit = fc.constantFrom(...'0123456789'.split(''));
const newPlate = fc
  .tuple(
    fc.array(plateLetter, { minLength: 2, maxLength: 2 }),
    fc.array(digit, { minLength: 3, maxLength: 3 }),
    fc.array(plateLetter, { minLength: 2, maxLength: 2 }),
  )
  .map(([a, b, c]) => `${a.join('')}${b.join('')}${c.join('')}`);
const alnum = fc
  .array(fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split('')), {
    minLength: 1,
    maxLength: 30,
  })
  .map((chars) => chars.join(''));

describe('checkIdentifier', () => {
  it.each([
    ['LICENCE_PLATE', 'ab-123-cd', 'AB123CD'],
    ['LICENCE_PLATE', '1234 AB 31', '1234AB31'],
    ['VIN', 'vf1 ab000 123456789', 'VF1AB000123456789'],
    ['BICYCODE', '1234 abcd 56', '1234ABCD56'],
    ['SERIAL_NUMBER', 'wtu-123.45', 'WTU12345'],
    ['WINDOW_ENGRAVING', 'AB 123 CD', 'AB123CD'],
  ] as const)('%s %s is normalised to %s', (type, raw, identifier) => {
    expect(checkIdentifier(type, raw)).toEqual({ ok: true, type, identifier });
  });

  it.each([
    ['LICENCE_PLATE', '', 'MandatoryField'],
    ['VIN', '  -  ', 'MandatoryField'],
    ['LICENCE_PLATE', 'AB-123-CO', 'annonce.licensePlate.invalidFeedBack'],
    ['LICENCE_PLATE', 'ABC123', 'annonce.licensePlate.invalidFeedBack'],
    ['VIN', 'VF1AB0001234567890', 'annonce.vin.invalidFeedBack'],
    ['VIN', 'VF1AB00012345678O', 'annonce.vin.invalidFeedBack'],
    ['BICYCODE', '123', 'annonce.bicycode.invalidFeedBack'],
    ['BICYCODE', '123456789012345', 'annonce.bicycode.invalidFeedBack'],
    ['SERIAL_NUMBER', 'A/B', 'annonce.serialNumber.invalidFeedBack'],
    ['WINDOW_ENGRAVING', 'AB', 'scan.windowEngraving.invalidFeedBack'],
  ] as const)('%s %j is refused with %s', (type, raw, messageKey) => {
    expect(checkIdentifier(type, raw)).toEqual({ ok: false, type, messageKey });
  });

  it('is idempotent on what it accepts', () => {
    fc.assert(
      fc.property(newPlate, (plate) => {
        const first = checkIdentifier('LICENCE_PLATE', plate);
        expect(first.ok).toBe(true);
        if (first.ok) expect(checkIdentifier('LICENCE_PLATE', first.identifier)).toEqual(first);
      }),
    );
  });
});

describe('confusions', () => {
  it('maps each confusable letter onto its digit and back', () => {
    expect(confusionKey('AB-O1ISZ')).toBe('A8-01152');
    for (const [digitChar, letter] of CONFUSION_PAIRS) {
      expect(confusedWith(digitChar)).toBe(letter);
      expect(confusedWith(letter)).toBe(digitChar);
    }
    expect(confusedWith('A')).toBeNull();
  });

  it('the key is idempotent and ignores every confusion, one character at a time', () => {
    fc.assert(
      fc.property(alnum, fc.nat(), (value, at) => {
        const key = confusionKey(value);
        expect(confusionKey(key)).toBe(key);
        const index = at % value.length;
        const other = confusedWith(value[index] as string);
        if (other) {
          const swapped = value.slice(0, index) + other + value.slice(index + 1);
          expect(confusionKey(swapped)).toBe(key);
          expect(isCloseMatch(swapped, value)).toBe(true);
        }
      }),
    );
  });

  it('an identical identifier is never a close match, whatever its separators', () => {
    fc.assert(
      fc.property(alnum, (value) => {
        expect(isCloseMatch(value, value)).toBe(false);
        expect(isCloseMatch(value.toLowerCase(), value.split('').join(' '))).toBe(false);
      }),
    );
  });

  it('identifiers differing by a non-confusable character are not close', () => {
    expect(isCloseMatch('AB123CD', 'AB123CE')).toBe(false);
    expect(isCloseMatch('1238S31', '123BS31')).toBe(true);
    expect(isCloseMatch('VF1AB000123456789', 'VF1A8000123456789')).toBe(true);
  });

  it('normalisation removes spaces, dashes and dots and upper-cases', () => {
    fc.assert(
      fc.property(alnum, (value) => {
        const noisy = value
          .split('')
          .map((char, i) =>
            i % 3 === 0 ? `${char.toLowerCase()}-` : i % 3 === 1 ? `${char}.` : `${char} `,
          )
          .join('');
        expect(normalizeIdentifier(noisy)).toBe(value);
        expect(normalizeIdentifier(normalizeIdentifier(noisy))).toBe(value);
      }),
    );
  });
});

describe('reading an identifier from camera text', () => {
  it('repairs digits read in letter places and letters read in digit places', () => {
    expect(repairNewPlateReading('A8123CD')).toBe('AB123CD');
    expect(repairNewPlateReading('AB1Z3CD')).toBe('AB123CD');
    expect(repairNewPlateReading('AB12345')).toBeNull();
  });

  it('finds a new plate in noisy lines, with the F band and the department', () => {
    expect(findIdentifierInText('LICENCE_PLATE', 'F  AB-123-CD  31\n')).toBe('AB123CD');
    expect(findIdentifierInText('LICENCE_PLATE', '|~ \nF GH-456-KL 75 ;')).toBe('GH456KL');
    expect(findIdentifierInText('LICENCE_PLATE', 'A8-l23-CD')).toBeNull();
    expect(findIdentifierInText('LICENCE_PLATE', 'A8-123-CD')).toBe('AB123CD');
    expect(findIdentifierInText('LICENCE_PLATE', 'nothing here')).toBeNull();
  });

  it('finds an old plate', () => {
    expect(findIdentifierInText('LICENCE_PLATE', 'garage 1234 AB 31')).toBe('1234AB31');
  });

  it('finds a VIN with O, I and Q read as 0, 1 and 0', () => {
    expect(findIdentifierInText('VIN', 'VIN: VF1ABOOO123456789')).toBe('VF1AB000123456789');
  });

  it('finds the longest token for serial numbers', () => {
    expect(findIdentifierInText('SERIAL_NUMBER', 'SN WTU123456 x')).toBe('WTU123456');
  });

  it('finds every new plate written the usual ways', () => {
    fc.assert(
      fc.property(newPlate, fc.constantFrom('', 'F ', '| F '), (plate, prefix) => {
        const display = parseLicensePlate(plate)?.display ?? plate;
        expect(findIdentifierInText('LICENCE_PLATE', `${prefix}${display} 31`)).toBe(plate);
      }),
    );
  });
});

describe('scanned identifier and forms', () => {
  it('takes the one field set, or the field of the chosen type', () => {
    const parse = (value: unknown) => ScannedIdentifierSchema.parse(value);
    expect(scannedIdentifierValue(parse({ licensePlate: 'AB-123-CD' }))).toEqual({
      type: 'LICENCE_PLATE',
      raw: 'AB-123-CD',
    });
    expect(
      scannedIdentifierValue(parse({ identifierType: 'VIN', vin: 'x', licensePlate: 'y' })),
    ).toEqual({ type: 'VIN', raw: 'x' });
    expect(scannedIdentifierValue(parse({ vin: 'x', licensePlate: 'y' }))).toBeNull();
    expect(scannedIdentifierValue(parse({}))).toBeNull();
  });

  it('parses the JSON parts of the form', () => {
    const body = GetMatchResultBodySchema.parse({
      scannedIdentifier: JSON.stringify({ licensePlate: 'AB123CD', isOcr: true, latitude: 43.6 }),
    });
    expect(body.scannedIdentifier).toMatchObject({ isOcr: true, isText: false, latitude: 43.6 });
    expect(GetMatchResultBodySchema.safeParse({ scannedIdentifier: '{' }).success).toBe(false);
    expect(
      SaveMatchFormSchema.safeParse({ match: '{}', scannedIdentifier: '{}', nbImagesVehicle: '1' })
        .success,
    ).toBe(true);
  });

  it('mandatory fields in the form order; the VIN never (a watcher cannot read it), checked when typed', () => {
    const address = { address: '3 rue X, 31000 Toulouse', latitude: 43.6, longitude: 1.44 };
    expect(matchFormProblems({}, null).map((p) => p.field)).toEqual([
      'address',
      'vehicleType',
      'brand',
      'model',
      'color',
    ]);
    const filled = { address, vehicleType: 1, brand: 2, model: 3, color: 'RED' };
    expect(matchFormProblems(filled, { isLicensed: false, hasVIN: true })).toEqual([]);
    expect(matchFormProblems(filled, { isLicensed: true, hasVIN: true })).toEqual([]);
    expect(matchFormProblems({ ...filled, vin: 'VF1AB000123456789' }, null)).toEqual([]);
    expect(
      matchFormProblems({ ...filled, vin: 'short', energy: 'STEAM' }, null).map((p) => p.field),
    ).toEqual(['vin', 'energy']);
    expect(matchFormProblems({ ...filled, color: 'TARTAN' }, null)).toEqual([
      { field: 'color', messageKey: 'field.invalid.error' },
    ]);
  });

  it('groups statuses as My matches shows them', () => {
    expect(matchListGroup('FINISHED')).toBe('validated');
    expect(matchListGroup('REFUSED')).toBe('refused');
    expect(matchListGroup('INVALID')).toBe('refused');
    expect(matchListGroup('TO_VALIDATE')).toBe('current');
    expect(matchListGroup('VALIDATED')).toBe('current');
  });
});
