import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatLicensePlate,
  isValidBicycode,
  isValidLicensePlate,
  isValidVin,
  maskIdentifier,
  normalizeIdentifier,
  parseLicensePlate,
  sanitizeBicycodeInput,
  sanitizeLicensePlateInput,
  sanitizeVinInput,
} from './identifiers';

describe('licence plates', () => {
  it.each([
    ['AB-123-CD', 'new', 'AB123CD', 'AB-123-CD'],
    ['ab123cd', 'new', 'AB123CD', 'AB-123-CD'],
    [' gh 456 kl ', 'new', 'GH456KL', 'GH-456-KL'],
    ['zz-999--zz', 'new', 'ZZ999ZZ', 'ZZ-999-ZZ'],
    ['1234 AB 31', 'old', '1234AB31', '1234 AB 31'],
    ['1a75', 'old', '1A75', '1 A 75'],
    ['12-abc-06', 'old', '12ABC06', '12 ABC 06'],
    ['999 zz 99', 'old', '999ZZ99', '999 ZZ 99'],
  ])('%s is a %s plate, stored %s, shown %s', (input, format, normalized, display) => {
    expect(parseLicensePlate(input)).toEqual({ format, normalized, display });
    expect(isValidLicensePlate(input)).toBe(true);
    expect(formatLicensePlate(input)).toBe(display);
  });

  it.each([
    ['', 'empty'],
    ['AB-12-CD', 'two digits in the middle'],
    ['AB-1234-CD', 'four digits in the middle'],
    ['ABC-123-DE', 'three leading letters'],
    ['AB.123.CD', 'dots are special characters'],
    ['AB_123_CD', 'underscores are special characters'],
    ['AB-123-CÉ', 'accented letters'],
    ['AI-123-CD', 'I in the new format'],
    ['AB-123-CO', 'O in the new format'],
    ['UB-123-CD', 'U in the new format'],
    ['123 AIB 31', 'I in the old format'],
    ['123 OB 31', 'O in the old format'],
    ['123 UB 31', 'U in the old format'],
    ['12345 AB 31', 'five leading digits'],
    ['123 ABCD 31', 'four letters'],
    ['123 AB 3', 'one trailing digit'],
    ['123 AB 312', 'three trailing digits'],
    ['AB 31', 'no leading digits'],
  ])('%j is refused (%s)', (input) => {
    expect(parseLicensePlate(input)).toBeNull();
    expect(isValidLicensePlate(input)).toBe(false);
  });

  it('cleans input as the user types: upper-case, no spaces or dashes', () => {
    expect(sanitizeLicensePlateInput('ab - 123 cd')).toBe('AB123CD');
    expect(formatLicensePlate('not a plate')).toBe('NOTAPLATE');
  });

  it('accepts every new-format plate made of allowed letters, however it is spaced', () => {
    const letters = fc.stringMatching(/^[A-HJ-NP-TV-Z]{2}$/);
    const digits = fc.stringMatching(/^\d{3}$/);
    const separator = fc.constantFrom('', '-', ' ', ' - ');
    fc.assert(
      fc.property(letters, digits, letters, separator, separator, (left, middle, right, s1, s2) => {
        const typed = `${left}${s1}${middle}${s2}${right}`.toLowerCase();
        expect(parseLicensePlate(typed)).toEqual({
          format: 'new',
          normalized: `${left}${middle}${right}`,
          display: `${left}-${middle}-${right}`,
        });
      }),
    );
  });

  it('accepts every old-format plate made of allowed letters', () => {
    const plate = fc.tuple(
      fc.stringMatching(/^\d{1,4}$/),
      fc.stringMatching(/^[A-HJ-NP-TV-Z]{1,3}$/),
      fc.stringMatching(/^\d{2}$/),
    );
    fc.assert(
      fc.property(plate, ([number, series, department]) => {
        expect(parseLicensePlate(`${number} ${series} ${department}`)?.format).toBe('old');
      }),
    );
  });
});

describe('VIN', () => {
  it.each([
    ['VF1RFB00X56789012', true],
    ['vf1rfb00x56789012', true],
    ['WVW ZZZ 1J ZXW 000 001', true],
    ['1HGCM82633A004352', true],
    ['VF1RFB00X5678901', false],
    ['VF1RFB00I56789012', false],
    ['VF1RFB00O56789012', false],
    ['VF1RFB00Q56789012', false],
    ['VF1RFB00-56789012', false],
    ['', false],
  ])('%j valid: %s', (input, valid) => {
    expect(isValidVin(input)).toBe(valid);
  });

  it('upper-cases and truncates to 17 characters', () => {
    expect(sanitizeVinInput('vf1rfb00x56789012345')).toBe('VF1RFB00X56789012');
    expect(isValidVin('vf1rfb00x56789012345')).toBe(true);
  });
});

describe('bicycode', () => {
  it.each([
    ['ABCDE12345', true],
    ['abcde1234567', true],
    ['ABCDE123456789', true],
    ['ABCDE1234', false],
    ['ABCD-123456', false],
    ['', false],
  ])('%j valid: %s', (input, valid) => {
    expect(isValidBicycode(input)).toBe(valid);
  });

  it('upper-cases and truncates to 14 characters', () => {
    expect(sanitizeBicycodeInput('abcde1234567890xyz')).toBe('ABCDE123456789');
    expect(isValidBicycode('abcde1234567890xyz')).toBe(true);
  });
});

describe('normalizeIdentifier', () => {
  it.each([
    ['ab-123-cd', 'AB123CD'],
    ['AB 123 CD', 'AB123CD'],
    ['ab.123.cd', 'AB123CD'],
    [' vf1 rfb-00.x5 ', 'VF1RFB00X5'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeIdentifier(input)).toBe(expected);
  });

  it('is idempotent and leaves no separator behind', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const once = normalizeIdentifier(input);
        expect(normalizeIdentifier(once)).toBe(once);
        expect(once).not.toMatch(/[\s.-]/);
      }),
    );
  });
});

describe('maskIdentifier', () => {
  it.each([
    ['AB-123-CD', 'AB-123-**'],
    ['AB123CD', 'AB123**'],
    ['VF1RFB00X56789012', 'VF1RFB00X567890**'],
    ['AB', '**'],
    ['A', '*'],
    [null, null],
    [undefined, null],
    ['', null],
    ['   ', null],
  ])('%j → %j', (input, expected) => {
    expect(maskIdentifier(input)).toBe(expected);
  });

  it('keeps the length and never shows the last two characters', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z0-9]{3,20}$/), (value) => {
        const masked = maskIdentifier(value);
        expect(masked).toHaveLength(value.length);
        expect(masked?.endsWith('**')).toBe(true);
        expect(masked?.slice(0, -2)).toBe(value.slice(0, -2));
      }),
    );
  });
});
