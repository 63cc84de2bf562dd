import { ANNONCE_MESSAGE_KEYS } from '../annonces/message-keys';
import {
  isValidBicycode,
  isValidSerialNumber,
  isValidVin,
  normalizeIdentifier,
  parseLicensePlate,
  sanitizeBicycodeInput,
  sanitizeLicensePlateInput,
  sanitizeVinInput,
  VIN_LENGTH,
} from '../annonces/identifiers';

/**
 * Identifier checks (docs/product/discovery.md §3 "Scanned identifier", docs/product/founders-decisions.md "match result"): which
 * identifier a watcher typed, scanned or spoke, whether it is well formed, its normalised form and
 * its "confusion key" (the form in which the usual OCR and typing confusions 0/O, 1/I, 8/B, 5/S, 2/Z
 * no longer differ). The same functions serve the scan modal, the camera reader and the server.
 */

export const IDENTIFIER_TYPES = [
  'LICENCE_PLATE',
  'VIN',
  'BICYCODE',
  'WINDOW_ENGRAVING',
  'SERIAL_NUMBER',
] as const;
export type IdentifierType = (typeof IDENTIFIER_TYPES)[number];

/** The field of the scanned identifier that carries each type's value. */
export const IDENTIFIER_FIELDS = {
  LICENCE_PLATE: 'licensePlate',
  VIN: 'vin',
  BICYCODE: 'bicycode',
  WINDOW_ENGRAVING: 'windowEngraving',
  SERIAL_NUMBER: 'serialNumber',
} as const satisfies Record<IdentifierType, string>;
export type IdentifierField = (typeof IDENTIFIER_FIELDS)[IdentifierType];

/** Types the camera reader knows how to find in a picture. */
export const OCR_IDENTIFIER_TYPES: readonly IdentifierType[] = ['LICENCE_PLATE', 'VIN'];

/**
 * The confusions the lookup forgives (issue 8): each pair reads alike on a plate or a worn VIN
 * plate, or sits side by side in people's typing. The letter is mapped onto the digit.
 */
export const CONFUSION_PAIRS = [
  ['0', 'O'],
  ['1', 'I'],
  ['8', 'B'],
  ['5', 'S'],
  ['2', 'Z'],
] as const;

const LETTER_TO_DIGIT: Record<string, string> = Object.fromEntries(
  CONFUSION_PAIRS.map(([digit, letter]) => [letter, digit]),
);
const DIGIT_TO_LETTER: Record<string, string> = Object.fromEntries(
  CONFUSION_PAIRS.map(([digit, letter]) => [digit, letter]),
);

/**
 * A normalised identifier with every confusable letter replaced by its digit. Two identifiers that
 * differ only by confusions share it. The database indexes the same expression
 * (`translate(x, 'OIBSZ', '01852')`, migration 0011): keep both in step.
 */
export function confusionKey(normalized: string): string {
  let key = '';
  for (const char of normalized) key += LETTER_TO_DIGIT[char] ?? char;
  return key;
}

/** The other reading of a confusable character (O for 0, 0 for O…), or null. */
export function confusedWith(char: string): string | null {
  return LETTER_TO_DIGIT[char] ?? DIGIT_TO_LETTER[char] ?? null;
}

/**
 * "Close match": not the same identifier, but the same once confusions are forgiven. A close match
 * is never reported as a success: the watcher is told to look again.
 */
export function isCloseMatch(checked: string, stored: string): boolean {
  const a = normalizeIdentifier(checked);
  const b = normalizeIdentifier(stored);
  return a !== b && confusionKey(a) === confusionKey(b);
}

/** Message keys of the scan modal and the check (docs/product/discovery.md §5 "Scan modal"). */
export const SCAN_MESSAGE_KEYS = {
  mandatory: ANNONCE_MESSAGE_KEYS.mandatoryField,
  LICENCE_PLATE: ANNONCE_MESSAGE_KEYS.licensePlateInvalid,
  VIN: ANNONCE_MESSAGE_KEYS.vinInvalid,
  BICYCODE: ANNONCE_MESSAGE_KEYS.bicycodeInvalid,
  SERIAL_NUMBER: ANNONCE_MESSAGE_KEYS.serialNumberInvalid,
  WINDOW_ENGRAVING: 'scan.windowEngraving.invalidFeedBack',
} as const;

export type IdentifierCheckResult =
  | { ok: true; type: IdentifierType; identifier: string }
  | { ok: false; type: IdentifierType; messageKey: string };

/**
 * The scan modal's check: empty gives MandatoryField; plates, VINs and bicycodes must have their
 * format; serial numbers and window engravings (no fixed format) 3 to 40 letters and digits.
 * On success, the normalised identifier (upper-case, no spaces, dashes or dots).
 */
export function checkIdentifier(type: IdentifierType, raw: string): IdentifierCheckResult {
  const identifier = normalizeIdentifier(raw);
  if (identifier === '') return { ok: false, type, messageKey: SCAN_MESSAGE_KEYS.mandatory };
  let valid: boolean;
  switch (type) {
    case 'LICENCE_PLATE':
      valid = parseLicensePlate(identifier) !== null;
      break;
    case 'VIN':
      valid = identifier.length === VIN_LENGTH && isValidVin(identifier);
      break;
    case 'BICYCODE':
      valid = identifier.length <= 14 && isValidBicycode(identifier);
      break;
    case 'SERIAL_NUMBER':
    case 'WINDOW_ENGRAVING':
      valid = isValidSerialNumber(identifier);
      break;
  }
  return valid
    ? { ok: true, type, identifier }
    : { ok: false, type, messageKey: SCAN_MESSAGE_KEYS[type] };
}

/** What the identifier field does as the user types, per type (upper-case, the type's clean-up). */
export function sanitizeIdentifierInput(type: IdentifierType, input: string): string {
  switch (type) {
    case 'LICENCE_PLATE':
      return sanitizeLicensePlateInput(input);
    case 'VIN':
      return sanitizeVinInput(input);
    case 'BICYCODE':
      return sanitizeBicycodeInput(input);
    default:
      return input.toUpperCase().slice(0, 60);
  }
}

// Positions of letters (L) and digits (D) in a new-format plate AB-123-CD.
const NEW_PLATE_SHAPE = 'LLDDDLL';

/**
 * Reads a 7-character new-format plate candidate the way its shape says: a digit where a letter
 * belongs becomes its confusable letter and the other way round ("A8-l23-CD" read as "A8123CD"
 * becomes "AB123CD"). Null when the result is still not a plate.
 */
export function repairNewPlateReading(candidate: string): string | null {
  if (candidate.length !== NEW_PLATE_SHAPE.length) return null;
  let repaired = '';
  for (let i = 0; i < candidate.length; i += 1) {
    const char = candidate[i] as string;
    const wantsLetter = NEW_PLATE_SHAPE[i] === 'L';
    const isLetter = char >= 'A' && char <= 'Z';
    if (wantsLetter === isLetter) repaired += char;
    else repaired += (wantsLetter ? DIGIT_TO_LETTER[char] : LETTER_TO_DIGIT[char]) ?? char;
  }
  const parsed = parseLicensePlate(repaired);
  return parsed?.format === 'new' ? parsed.normalized : null;
}

function newPlateOf(candidate: string): string | null {
  const parsed = parseLicensePlate(candidate);
  return parsed?.format === 'new' ? parsed.normalized : null;
}

const OLD_PLATE_IN_TEXT = /(?:^|[^A-Z0-9])(\d{1,4})[\s.-]?([A-Z]{1,3})[\s.-]?(\d{2})(?![A-Z0-9])/;

/**
 * Finds the identifier of a type in text read by the camera (several lines, noise, the plate's
 * "F" and department band). Plates: a new-format plate anywhere in a line (with the confusion
 * repair), else an old-format one; VINs: 17 characters of a line with O, I and Q read as 0, 1, 0.
 * Other types: the longest run of 3 to 40 letters and digits. Null when nothing fits.
 */
export function findIdentifierInText(type: IdentifierType, text: string): string | null {
  const lines = text
    .toUpperCase()
    .split(/\r?\n/)
    .map((line) => line.replace(/[^A-Z0-9\s.-]/g, ' ').trim())
    .filter((line) => line !== '');
  if (type === 'LICENCE_PLATE') {
    for (const line of lines) {
      const compact = line.replace(/[^A-Z0-9]/g, '');
      // Exact readings first, then repaired ones.
      for (const repair of [false, true]) {
        for (let start = 0; start + 7 <= compact.length; start += 1) {
          const window = compact.slice(start, start + 7);
          const plate = repair ? repairNewPlateReading(window) : newPlateOf(window);
          if (plate) return plate;
        }
      }
    }
    for (const line of lines) {
      const old = OLD_PLATE_IN_TEXT.exec(line);
      if (old) {
        const plate = parseLicensePlate(`${old[1]}${old[2]}${old[3]}`);
        if (plate) return plate.normalized;
      }
    }
    return null;
  }
  if (type === 'VIN') {
    const asVin = (value: string) =>
      value
        .replace(/[^A-Z0-9]/g, '')
        .replace(/[OQ]/g, '0')
        .replace(/I/g, '1');
    // A word of 17 characters first ("VIN: VF1…"), then any 17 characters of a line.
    for (const line of lines) {
      for (const word of line.split(/\s+/).map(asVin)) {
        if (word.length === VIN_LENGTH && isValidVin(word)) return word;
      }
    }
    for (const line of lines) {
      const compact = asVin(line);
      for (let start = 0; start + VIN_LENGTH <= compact.length; start += 1) {
        const window = compact.slice(start, start + VIN_LENGTH);
        if (isValidVin(window)) return window;
      }
    }
    return null;
  }
  let best: string | null = null;
  for (const line of lines) {
    for (const token of line.split(/\s+/)) {
      const candidate = normalizeIdentifier(token);
      const ok = checkIdentifier(type, candidate).ok;
      if (ok && (best === null || candidate.length > best.length)) best = candidate;
    }
  }
  return best;
}
