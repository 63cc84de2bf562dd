import { COLOR_VALUES, ENERGY_VALUES } from '../reference/vehicle-attributes';
import {
  isValidBicycode,
  isValidSerialNumber,
  isValidVin,
  normalizeIdentifier,
  parseLicensePlate,
  sanitizeBicycodeInput,
  sanitizeVinInput,
} from './identifiers';
import { ANNONCE_MESSAGE_KEYS as KEYS } from './message-keys';
import { stepNumber, type WizardStep } from './wizard-steps';

/**
 * The rules of docs/product/annonces.md §5, written once for the wizard and the server. Input is what the
 * wizard sends as the `annonce` JSON (annonce.schemas.ts); problems come back as the wizard's field
 * names with a message key, the first one being what a 403 names.
 */

/** What identifies a vehicle of a type (the catalogue's flags). */
export interface VehicleTypeFlags {
  isLicensed: boolean;
  hasVIN: boolean;
  hasBicycode: boolean;
  hasSerialNumber: boolean;
  hasWindowEngraving: boolean;
}

export interface TheftAddressInput {
  address: string;
  latitude: number;
  longitude: number;
  departement: string;
}

/** The `annonce` JSON once types are checked (annonce.schemas.ts AnnonceFieldsSchema). */
export interface AnnonceFieldsInput {
  vehicleType?: number | null | undefined;
  brand?: number | null | undefined;
  model?: number | null | undefined;
  finitions?: number | null | undefined;
  licensePlate?: string | null | undefined;
  licensePlateConfirm?: string | null | undefined;
  vin?: string | null | undefined;
  bicycode?: string | null | undefined;
  serialNumber?: string | null | undefined;
  energy?: string | null | undefined;
  color?: string | null | undefined;
  address?: TheftAddressInput | null | undefined;
  isProprio?: boolean | null | undefined;
  ownerAttestation?: boolean | null | undefined;
  firstnameOwner?: string | null | undefined;
  lastnameOwner?: string | null | undefined;
  annonceDescription?: string | null | undefined;
  vehicleDescription?: string | null | undefined;
  hasWindowEngraving?: boolean | null | undefined;
  fiscalPower?: number | null | undefined;
  insuranceCompany?: string | null | undefined;
  insuranceContract?: string | null | undefined;
}

/** The same fields cleaned: identifiers normalised, blanks as null, fields the type lacks dropped. */
export interface AnnonceFields {
  vehicleType: number | null;
  brand: number | null;
  model: number | null;
  finitions: number | null;
  licensePlate: string | null;
  licensePlateConfirm: string | null;
  vin: string | null;
  bicycode: string | null;
  serialNumber: string | null;
  energy: string | null;
  color: string | null;
  address: TheftAddressInput | null;
  isProprio: boolean | null;
  ownerAttestation: boolean;
  firstnameOwner: string | null;
  lastnameOwner: string | null;
  annonceDescription: string | null;
  vehicleDescription: string | null;
  hasWindowEngraving: boolean;
  fiscalPower: number | null;
  insuranceCompany: string | null;
  insuranceContract: string | null;
}

export interface FieldProblem {
  field: string;
  messageKey: string;
}

const text = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** §5 "Fiscal power": negative becomes 0, otherwise rounded to an integer. */
export function normalizeFiscalPower(value: number | null | undefined): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  return value < 0 ? 0 : Math.round(value);
}

/**
 * Cleans what the wizard sent. Identifiers are kept as typed when they do not parse (so the format
 * check can name them); fields the vehicle type does not have are dropped, and choosing "owner"
 * clears the other owner's names (§4 "Owner status").
 */
export function normalizeAnnonceFields(
  input: AnnonceFieldsInput,
  type: VehicleTypeFlags | null,
): AnnonceFields {
  const plate = text(input.licensePlate);
  const plateConfirm = text(input.licensePlateConfirm);
  const vin = text(input.vin);
  const bicycode = text(input.bicycode);
  const serial = text(input.serialNumber);
  const isProprio = input.isProprio ?? null;
  const address = input.address && text(input.address.address) ? input.address : null;
  return {
    vehicleType: input.vehicleType ?? null,
    brand: input.brand ?? null,
    model: input.model ?? null,
    finitions: input.finitions ?? null,
    licensePlate:
      type?.isLicensed && plate ? (parseLicensePlate(plate)?.normalized ?? plate) : null,
    licensePlateConfirm:
      type?.isLicensed && plateConfirm
        ? (parseLicensePlate(plateConfirm)?.normalized ?? plateConfirm)
        : null,
    vin: type?.hasVIN && vin ? sanitizeVinInput(vin) : null,
    bicycode: type?.hasBicycode && bicycode ? sanitizeBicycodeInput(bicycode) : null,
    serialNumber: type?.hasSerialNumber && serial ? normalizeIdentifier(serial) : null,
    energy: text(input.energy),
    color: text(input.color),
    address: address
      ? {
          address: address.address.trim(),
          latitude: address.latitude,
          longitude: address.longitude,
          departement: address.departement.trim().toUpperCase(),
        }
      : null,
    isProprio,
    ownerAttestation: input.ownerAttestation === true,
    firstnameOwner: isProprio === false ? text(input.firstnameOwner) : null,
    lastnameOwner: isProprio === false ? text(input.lastnameOwner) : null,
    annonceDescription: text(input.annonceDescription),
    vehicleDescription: text(input.vehicleDescription),
    hasWindowEngraving: type?.hasWindowEngraving ? input.hasWindowEngraving === true : false,
    fiscalPower: type?.isLicensed ? normalizeFiscalPower(input.fiscalPower) : null,
    insuranceCompany: text(input.insuranceCompany),
    insuranceContract: text(input.insuranceContract),
  };
}

/** Format problems of whatever is filled; a draft is saved only without them. */
export function formatProblems(fields: AnnonceFields): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (fields.licensePlate !== null && !parseLicensePlate(fields.licensePlate)) {
    problems.push({ field: 'licensePlate', messageKey: KEYS.licensePlateInvalid });
  }
  if (
    fields.licensePlateConfirm !== null &&
    fields.licensePlate !== null &&
    fields.licensePlateConfirm !== fields.licensePlate
  ) {
    problems.push({ field: 'licensePlateConfirm', messageKey: KEYS.licensePlateConfirmInvalid });
  }
  if (fields.vin !== null && !isValidVin(fields.vin)) {
    problems.push({ field: 'vin', messageKey: KEYS.vinInvalid });
  }
  if (fields.bicycode !== null && !isValidBicycode(fields.bicycode)) {
    problems.push({ field: 'bicycode', messageKey: KEYS.bicycodeInvalid });
  }
  if (fields.serialNumber !== null && !isValidSerialNumber(fields.serialNumber)) {
    problems.push({ field: 'serialNumber', messageKey: KEYS.serialNumberInvalid });
  }
  if (fields.energy !== null && !(ENERGY_VALUES as readonly string[]).includes(fields.energy)) {
    problems.push({ field: 'energy', messageKey: KEYS.fieldInvalid });
  }
  if (fields.color !== null && !(COLOR_VALUES as readonly string[]).includes(fields.color)) {
    problems.push({ field: 'color', messageKey: KEYS.fieldInvalid });
  }
  return problems;
}

/**
 * §5 "Identifier per vehicle type": a licensed vehicle needs its plate; an unlicensed one a VIN if
 * the type has one, else a bicycode, plus a serial number where the type has one — and when both
 * are available, one of them is enough. Answers the field to mark when none is given.
 */
export function missingIdentifier(
  fields: Pick<AnnonceFields, 'licensePlate' | 'vin' | 'bicycode' | 'serialNumber'>,
  type: VehicleTypeFlags,
): 'licensePlate' | 'vin' | 'bicycode' | 'serialNumber' | null {
  if (type.isLicensed) return fields.licensePlate ? null : 'licensePlate';
  const candidates: ('vin' | 'bicycode' | 'serialNumber')[] = [];
  if (type.hasVIN) candidates.push('vin');
  else if (type.hasBicycode) candidates.push('bicycode');
  if (type.hasSerialNumber) candidates.push('serialNumber');
  if (candidates.length === 0) return null;
  return candidates.some((field) => fields[field] !== null) ? null : (candidates[0] ?? null);
}

/** Which files the announcement holds (new uploads and kept ones together). */
export interface AnnonceFilesPresence {
  photos: number;
  identityRecto: boolean;
  identityVerso: boolean;
  carteGrise: boolean;
  plainte: boolean;
  assurance: boolean;
}

const required = (field: string): FieldProblem => ({ field, messageKey: KEYS.mandatoryField });

/** Fields each step requires, given what was filled. Papers never block: see completeness.ts. */
function requiredProblemsOfStep(
  step: WizardStep,
  fields: AnnonceFields,
  type: VehicleTypeFlags | null,
  files: AnnonceFilesPresence,
): FieldProblem[] {
  switch (step) {
    case 'VEHICLE_TYPE':
      return fields.vehicleType === null ? [required('vehicleType')] : [];
    case 'BRAND':
      return fields.brand === null ? [required('brand')] : [];
    case 'MODEL':
      return fields.model === null ? [required('model')] : [];
    case 'MANDATORY_FIELDS': {
      const problems: FieldProblem[] = [];
      const identifier = type ? missingIdentifier(fields, type) : null;
      if (identifier) problems.push(required(identifier));
      if (type?.isLicensed && fields.licensePlate && fields.licensePlateConfirm === null) {
        problems.push({
          field: 'licensePlateConfirm',
          messageKey: KEYS.licensePlateConfirmInvalid,
        });
      }
      if (fields.energy === null) problems.push(required('energy'));
      if (fields.color === null) problems.push(required('color'));
      if (fields.address === null) problems.push(required('address'));
      if (fields.isProprio === null) problems.push(required('isProprio'));
      if (fields.isProprio === false) {
        if (fields.lastnameOwner === null) problems.push(required('lastnameOwner'));
        if (fields.firstnameOwner === null) problems.push(required('firstnameOwner'));
        if (!files.identityRecto) problems.push(required('identityRecto'));
        if (!files.identityVerso) problems.push(required('identityVerso'));
      }
      if (!fields.ownerAttestation) {
        problems.push({ field: 'ownerAttestation', messageKey: KEYS.ownerAttestationRequired });
      }
      return problems;
    }
    case 'ADDITIONNAL_FIELDS':
      // §5 VIN: "required for registered vehicles needing it, advised otherwise".
      return type?.isLicensed && type.hasVIN && fields.vin === null ? [required('vin')] : [];
    case 'PHOTOS':
      return files.photos === 0 ? [required('vehicleFiles')] : [];
    default:
      return [];
  }
}

/**
 * Every problem up to and including `throughStep` of the flow: format problems of anything filled,
 * then the required fields of each step in order. The first one is what a 403 names.
 */
export function annonceProblems(input: {
  fields: AnnonceFields;
  type: VehicleTypeFlags | null;
  files: AnnonceFilesPresence;
  isFast: boolean;
  throughStep: number;
}): FieldProblem[] {
  const { fields, type, files, isFast, throughStep } = input;
  const sequence = isFast
    ? (['VEHICLE_TYPE', 'BRAND', 'MODEL', 'MANDATORY_FIELDS'] as const)
    : ([
        'VEHICLE_TYPE',
        'BRAND',
        'MODEL',
        'MANDATORY_FIELDS',
        'ADDITIONNAL_FIELDS',
        'PHOTOS',
      ] as const);
  const problems: FieldProblem[] = [];
  for (const step of sequence) {
    if (stepNumber(step, isFast) > throughStep) break;
    problems.push(...requiredProblemsOfStep(step, fields, type, files));
  }
  const formats = formatProblems(fields);
  // A field both missing and badly formatted is reported once.
  return [...formats, ...problems.filter((p) => !formats.some((f) => f.field === p.field))];
}

/** The last step whose fields publication needs: the mandatory fields (fast) or the photos (complete). */
export function publicationStep(isFast: boolean): number {
  return isFast ? stepNumber('MANDATORY_FIELDS', true) : stepNumber('PHOTOS', false);
}

/** Problems that keep a draft from being published (its documents aside). */
export function publicationProblems(input: {
  fields: AnnonceFields;
  type: VehicleTypeFlags | null;
  files: AnnonceFilesPresence;
  isFast: boolean;
}): FieldProblem[] {
  return annonceProblems({ ...input, throughStep: publicationStep(input.isFast) });
}
