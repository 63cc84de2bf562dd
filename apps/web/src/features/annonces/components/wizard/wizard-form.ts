import {
  normalizeAnnonceFields,
  normalizeFiscalPower,
  stepNumber,
  stepOfField,
  annonceProblems,
  type AnnonceDetail,
  type AnnonceFieldsInput,
  type FieldProblem,
  type VehicleTypeFlags,
  type WizardStep,
} from '@app/domain';

/** A file of the wizard: already stored on the server (kept by id), or picked now. */
export type FileSlot =
  | { kind: 'stored'; id: number; url: string; name: string; isPdf: boolean }
  | { kind: 'new'; file: File; key: string };

export const DOCUMENT_SLOTS = [
  'identityRecto',
  'identityVerso',
  'carteGriseFile',
  'plainteFile',
  'assuranceFile',
] as const;
export type DocumentSlot = (typeof DOCUMENT_SLOTS)[number];

export interface Named {
  id: number;
  name: string;
}

export interface VehicleTypeChoice extends VehicleTypeFlags {
  id: number;
  code: string;
  name: string;
}

/** The town picked in the address autocomplete. */
export interface TownChoice {
  city: string;
  postalCode: string;
  departmentCode: string;
  latitude: number;
  longitude: number;
}

/** Everything the user typed or chose; files are kept apart (they cannot go to sessionStorage). */
export interface WizardFields {
  vehicleType: VehicleTypeChoice | null;
  brand: Named | null;
  model: Named | null;
  finish: Named | null;
  licensePlate: string;
  licensePlateConfirm: string;
  vin: string;
  bicycode: string;
  serialNumber: string;
  color: string;
  energy: string;
  street: string;
  town: TownChoice | null;
  isProprio: boolean | null;
  ownerAttestation: boolean;
  firstnameOwner: string;
  lastnameOwner: string;
  annonceDescription: string;
  vehicleDescription: string;
  hasWindowEngraving: boolean;
  fiscalPower: string;
  insuranceCompany: string;
  insuranceContract: string;
  rewardLevel: number;
  rewardAmount: string;
  needsReminderNotification: boolean;
}

export interface WizardFiles {
  photos: FileSlot[];
  identityRecto: FileSlot | null;
  identityVerso: FileSlot | null;
  carteGriseFile: FileSlot | null;
  plainteFile: FileSlot | null;
  assuranceFile: FileSlot | null;
}

export const emptyFields = (): WizardFields => ({
  vehicleType: null,
  brand: null,
  model: null,
  finish: null,
  licensePlate: '',
  licensePlateConfirm: '',
  vin: '',
  bicycode: '',
  serialNumber: '',
  color: '',
  energy: '',
  street: '',
  town: null,
  isProprio: null,
  ownerAttestation: false,
  firstnameOwner: '',
  lastnameOwner: '',
  annonceDescription: '',
  vehicleDescription: '',
  hasWindowEngraving: false,
  fiscalPower: '',
  insuranceCompany: '',
  insuranceContract: '',
  rewardLevel: 0,
  rewardAmount: '',
  needsReminderNotification: false,
});

export const emptyFiles = (): WizardFiles => ({
  photos: [],
  identityRecto: null,
  identityVerso: null,
  carteGriseFile: null,
  plainteFile: null,
  assuranceFile: null,
});

/**
 * §4 "Changing vehicle type, brand or model resets the later fields": what comes after the
 * changed choice in the flow goes back to empty; the user's owner answers and papers stay.
 */
export function withChoice(
  fields: WizardFields,
  change:
    { vehicleType: VehicleTypeChoice | null } | { brand: Named | null } | { model: Named | null },
): WizardFields {
  const empty = emptyFields();
  const vehicleLater = {
    finish: null,
    licensePlate: empty.licensePlate,
    licensePlateConfirm: empty.licensePlateConfirm,
    vin: empty.vin,
    bicycode: empty.bicycode,
    serialNumber: empty.serialNumber,
    hasWindowEngraving: false,
    fiscalPower: '',
  };
  if ('vehicleType' in change) {
    if (change.vehicleType?.id === fields.vehicleType?.id) return fields;
    return {
      ...fields,
      ...vehicleLater,
      vehicleType: change.vehicleType,
      brand: null,
      model: null,
    };
  }
  if ('brand' in change) {
    if (change.brand?.id === fields.brand?.id) return fields;
    return { ...fields, brand: change.brand, model: null, finish: null };
  }
  if (change.model?.id === fields.model?.id) return fields;
  return { ...fields, model: change.model, finish: null };
}

/** "12 rue des Lilas, 31130 Balma": the street line and the town picked. */
export function composeAddress(fields: Pick<WizardFields, 'street' | 'town'>) {
  if (!fields.town || !fields.street.trim()) return null;
  return {
    address: `${fields.street.trim()}, ${fields.town.postalCode} ${fields.town.city}`,
    latitude: fields.town.latitude,
    longitude: fields.town.longitude,
    departement: fields.town.departmentCode,
  };
}

/** The `annonce` JSON part of the save (field names of docs/product/annonces.md §3). */
export function toFieldsInput(fields: WizardFields): AnnonceFieldsInput {
  const power = fields.fiscalPower.trim() === '' ? null : Number(fields.fiscalPower);
  return {
    vehicleType: fields.vehicleType?.id ?? null,
    brand: fields.brand?.id ?? null,
    model: fields.model?.id ?? null,
    finitions: fields.finish?.id ?? null,
    licensePlate: fields.licensePlate,
    licensePlateConfirm: fields.licensePlateConfirm,
    vin: fields.vin,
    bicycode: fields.bicycode,
    serialNumber: fields.serialNumber,
    energy: fields.energy || null,
    color: fields.color || null,
    address: composeAddress(fields),
    isProprio: fields.isProprio,
    ownerAttestation: fields.ownerAttestation,
    firstnameOwner: fields.firstnameOwner,
    lastnameOwner: fields.lastnameOwner,
    annonceDescription: fields.annonceDescription,
    vehicleDescription: fields.vehicleDescription,
    hasWindowEngraving: fields.hasWindowEngraving,
    fiscalPower: power === null || !Number.isFinite(power) ? null : normalizeFiscalPower(power),
    insuranceCompany: fields.insuranceCompany,
    insuranceContract: fields.insuranceContract,
  };
}

/**
 * The problems of one step, from the domain rules the server applies too (§5): shown under the
 * fields before anything is sent.
 */
export function stepProblems(
  step: WizardStep,
  fields: WizardFields,
  files: WizardFiles,
  isFast: boolean,
): FieldProblem[] {
  const type = fields.vehicleType;
  const normalized = normalizeAnnonceFields(toFieldsInput(fields), type);
  const problems = annonceProblems({
    fields: normalized,
    type,
    files: {
      photos: files.photos.length,
      identityRecto: files.identityRecto !== null,
      identityVerso: files.identityVerso !== null,
      carteGrise: files.carteGriseFile !== null,
      plainte: files.plainteFile !== null,
      assurance: files.assuranceFile !== null,
    },
    isFast,
    throughStep: Math.max(0, stepNumber(step, isFast)),
  });
  const own = problems.filter(
    (problem) => stepOfField(problem.field, { isLicensed: type?.isLicensed ?? false }) === step,
  );
  if (step === 'MANDATORY_FIELDS') {
    const result: FieldProblem[] = [];
    const mandatory = { messageKey: 'MandatoryField' };
    for (const problem of own) {
      // The street line and the town are one "address" for the rules: every empty part says so.
      if (problem.field === 'address') {
        if (!fields.street.trim()) result.push(problem);
        if (!fields.town) result.push({ field: 'town', messageKey: problem.messageKey });
        continue;
      }
      result.push(problem);
      // An empty confirmation says so on the first submit, not only once the plate is typed.
      if (
        problem.field === 'licensePlate' &&
        type?.isLicensed &&
        !fields.licensePlateConfirm.trim() &&
        !own.some((other) => other.field === 'licensePlateConfirm')
      ) {
        result.push({ field: 'licensePlateConfirm', ...mandatory });
      }
    }
    return result;
  }
  if (step === 'ADDITIONNAL_REWARD' && fields.rewardLevel === 5) {
    const amount = Math.ceil(Number(fields.rewardAmount));
    if (!(amount >= 1400)) {
      return [{ field: 'additionnalRewardAmount', messageKey: 'additional.reward.free.min' }];
    }
  }
  return own;
}

let nextKey = 0;
export const newFileSlot = (file: File): FileSlot => ({
  kind: 'new',
  file,
  key: `new-${(nextKey += 1)}`,
});

/**
 * The multipart body exactly as the server reads it (docs/product/annonces.md §7): the `annonce` JSON, the
 * flags, each document as a new file or the id of the stored one to keep, and the photos in order
 * as imagesVehicle[i] (new) or imagesVehicleId[i] (kept).
 */
export function buildSaveForm(input: {
  fields: WizardFields;
  files: WizardFiles;
  annonceId: number | null;
  isDraft: boolean;
  isFast: boolean;
  currentStep: number;
  forceDraft?: boolean;
  wizardKey?: string | undefined;
}): FormData {
  const { fields, files } = input;
  const form = new FormData();
  form.set('annonce', JSON.stringify(toFieldsInput(fields)));
  if (input.annonceId !== null) form.set('annonceId', String(input.annonceId));
  if (input.wizardKey) form.set('wizardKey', input.wizardKey);
  form.set('isDraft', String(input.isDraft));
  form.set('isFastAnnonce', String(input.isFast));
  form.set('currentStep', String(input.currentStep));
  for (const slot of DOCUMENT_SLOTS) {
    const file = files[slot];
    if (!file) continue;
    if (file.kind === 'new') form.set(slot, file.file, file.file.name);
    else form.set(`${slot}Id`, String(file.id));
  }
  form.set('nbImagesVehicle', String(files.photos.length));
  const keptIds: number[] = [];
  files.photos.forEach((photo, index) => {
    if (photo.kind === 'new') form.set(`imagesVehicle[${index}]`, photo.file, photo.file.name);
    else {
      form.set(`imagesVehicleId[${index}]`, String(photo.id));
      keptIds.push(photo.id);
    }
  });
  form.set('imagesVehicleIds', keptIds.join(','));
  form.set('additionnalRewardLevel', String(fields.rewardLevel));
  form.set(
    'additionnalRewardAmount',
    fields.rewardLevel === 5 ? String(Math.ceil(Number(fields.rewardAmount) || 0)) : '',
  );
  form.set('forceDraft', String(input.forceDraft ?? false));
  form.set('needsReminderNotification', String(fields.needsReminderNotification));
  return form;
}

const STREET_AND_TOWN = /^(.*),\s*(\d{5})\s+(.+)$/;

/** An announcement from GET /annonce/{id} back into the wizard's fields and files. */
export function fromDetail(detail: AnnonceDetail): { fields: WizardFields; files: WizardFiles } {
  const vehicle = detail.vehicle;
  const position = vehicle.theftPosition;
  let street = '';
  let town: TownChoice | null = null;
  if (position.address && position.latitude !== null && position.longitude !== null) {
    const parts = STREET_AND_TOWN.exec(position.address);
    street = parts?.[1] ?? position.address;
    town = {
      city: parts?.[3] ?? position.city ?? '',
      postalCode: parts?.[2] ?? '',
      departmentCode: position.departement ?? '',
      latitude: position.latitude,
      longitude: position.longitude,
    };
  }
  const stored = (file: AnnonceDetail['assuranceFile']): FileSlot | null =>
    file
      ? { kind: 'stored', id: file.id, url: file.fileUrl, name: file.fileName, isPdf: file.isPdf }
      : null;
  return {
    fields: {
      vehicleType: vehicle.vehicleType,
      brand: vehicle.brand,
      model: vehicle.model,
      finish: vehicle.modelFinish,
      licensePlate: vehicle.licensePlate ?? '',
      licensePlateConfirm: vehicle.licensePlate ?? '',
      vin: vehicle.vin ?? '',
      bicycode: vehicle.bicycode ?? '',
      serialNumber: vehicle.serialNumber ?? '',
      color: vehicle.color?.value ?? '',
      energy: vehicle.energy?.value ?? '',
      street,
      town,
      isProprio: detail.isProprio,
      ownerAttestation: detail.ownerAttestation ?? false,
      firstnameOwner: detail.firstnameOwner ?? '',
      lastnameOwner: detail.lastnameOwner ?? '',
      annonceDescription: detail.description ?? '',
      vehicleDescription: vehicle.description ?? '',
      hasWindowEngraving: vehicle.hasWindowEngraving,
      fiscalPower: vehicle.fiscalPower === null ? '' : String(vehicle.fiscalPower),
      insuranceCompany: vehicle.insuranceCompany ?? '',
      insuranceContract: vehicle.insuranceContract ?? '',
      rewardLevel: detail.additionnalRewardLevel,
      rewardAmount:
        detail.additionnalRewardLevel === 5 ? String(detail.additionnalRewardAmount) : '',
      needsReminderNotification: detail.needsReminderNotification,
    },
    files: {
      photos: vehicle.vehicleImages.map((image) => ({
        kind: 'stored' as const,
        id: image.id,
        url: image.thumbnailUrl,
        name: '',
        isPdf: false,
      })),
      identityRecto: stored(vehicle.identityRectoFile),
      identityVerso: stored(vehicle.identityVersoFile),
      carteGriseFile: stored(vehicle.carteGriseFile),
      plainteFile: stored(vehicle.depotPlainteFile),
      assuranceFile: stored(detail.assuranceFile),
    },
  };
}

/** Identifiers of a basket line joined by ' | ' (§2 "Recap"). */
export function identifiersLine(values: (string | null | undefined)[]): string {
  return values.filter((value) => value && value.trim()).join(' | ');
}
