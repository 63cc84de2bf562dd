/**
 * Vehicle identifiers (docs/product/annonces.md §5): French licence plates, VINs and bicycodes. Pure functions
 * shared by the wizard (as-you-type clean-up and validation), the camera scanner, the demo data and
 * the match lookup, so that every side agrees on what a valid identifier is.
 */

export type LicensePlateFormat = 'new' | 'old';

export interface ParsedLicensePlate {
  /** 'new': SIV, AB-123-CD (since 2009); 'old': FNI, 1234 AB 31. */
  format: LicensePlateFormat;
  /** Upper-case, no separators: what is stored and compared. */
  normalized: string;
  /** How the plate is written on the car: "AB-123-CD" or "1234 AB 31". */
  display: string;
}

/**
 * Letters the plate series never use (they read like 1, 0 and V). The spec states the rule for the
 * plate as a whole, after both formats, and both real series (SIV and FNI) skip these letters.
 */
const FORBIDDEN_PLATE_LETTERS = /[IOU]/;
const NEW_PLATE = /^([A-Z]{2})(\d{3})([A-Z]{2})$/;
const OLD_PLATE = /^(\d{1,4})([A-Z]{1,3})(\d{2})$/;

/** What the plate field does as the user types: upper-case, spaces and dashes removed. */
export function sanitizeLicensePlateInput(input: string): string {
  return input.toUpperCase().replace(/[\s-]+/g, '');
}

/** The plate's format and forms, or null when it is not a French plate. */
export function parseLicensePlate(input: string): ParsedLicensePlate | null {
  const normalized = sanitizeLicensePlateInput(input);
  if (FORBIDDEN_PLATE_LETTERS.test(normalized)) return null;
  const asNew = NEW_PLATE.exec(normalized);
  if (asNew) {
    return { format: 'new', normalized, display: `${asNew[1]}-${asNew[2]}-${asNew[3]}` };
  }
  const asOld = OLD_PLATE.exec(normalized);
  if (asOld) {
    return { format: 'old', normalized, display: `${asOld[1]} ${asOld[2]} ${asOld[3]}` };
  }
  return null;
}

export function isValidLicensePlate(input: string): boolean {
  return parseLicensePlate(input) !== null;
}

/** "ab123cd" → "AB-123-CD"; a value that is not a plate is returned cleaned but not reshaped. */
export function formatLicensePlate(input: string): string {
  return parseLicensePlate(input)?.display ?? sanitizeLicensePlateInput(input);
}

export const VIN_LENGTH = 17;
/** 17 letters and digits; I, O and Q are never used in a VIN (ISO 3779). */
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;

/** Upper-case, whitespace removed, truncated to 17 characters, as the VIN field does. */
export function sanitizeVinInput(input: string): string {
  return input.toUpperCase().replace(/\s+/g, '').slice(0, VIN_LENGTH);
}

export function isValidVin(input: string): boolean {
  return VIN.test(sanitizeVinInput(input));
}

export const BICYCODE_MIN_LENGTH = 10;
export const BICYCODE_MAX_LENGTH = 14;
const BICYCODE = /^[A-Z0-9]{10,14}$/;

/** Upper-case, whitespace removed, truncated to 14 characters, as the bicycode field does. */
export function sanitizeBicycodeInput(input: string): string {
  return input.toUpperCase().replace(/\s+/g, '').slice(0, BICYCODE_MAX_LENGTH);
}

export function isValidBicycode(input: string): boolean {
  return BICYCODE.test(sanitizeBicycodeInput(input));
}

/**
 * The form identifiers are stored and compared in (docs/product/founders-decisions.md, match result): upper-case without
 * spaces, dashes or dots, so "ab-123.cd" and "AB 123 CD" are the same plate.
 */
export function normalizeIdentifier(input: string): string {
  return input.toUpperCase().replace(/[\s.-]+/g, '');
}

/**
 * Hides the last two characters (docs/product/annonces.md §5, "Masking"): "AB-123-CD" → "AB-123-**". Null for a
 * missing or blank value, which the interface shows as "Non renseigné".
 */
export function maskIdentifier(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  const visible = Math.max(0, trimmed.length - 2);
  return trimmed.slice(0, visible) + '*'.repeat(trimmed.length - visible);
}

export const SERIAL_NUMBER_MIN_LENGTH = 3;
export const SERIAL_NUMBER_MAX_LENGTH = 40;
const SERIAL_NUMBER = /^[A-Z0-9]{3,40}$/;

/**
 * A manufacturer's serial number (frame number of a bicycle…): formats differ by maker, so only
 * letters and digits, 3 to 40 of them, once normalised.
 */
export function isValidSerialNumber(input: string): boolean {
  return SERIAL_NUMBER.test(normalizeIdentifier(input));
}
