import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  ANNONCE_MESSAGE_KEYS as K,
  AnnonceFieldsSchema,
  completionDeadline,
  annonceProblems,
  formatProblems,
  isAnnonceComplete,
  isEditableByOwner,
  maxDisplayedStep,
  normalizeAdditionalReward,
  normalizeAnnonceFields,
  publicationProblems,
  SaveAnnonceFormSchema,
  type AnnonceFields,
  type VehicleTypeFlags,
} from '@app/domain';
import type { Geocoder } from '../../adapters/geocoder';
import type { FileStorage } from '../../adapters/storage';
import type { Db } from '../../db/database';
import { annoncePhotos, annonces, storedFiles } from '../../db/schema/index';
import { assertAcceptableText } from '../../plugins/input-text';
import { AppError, invalidField } from '../../lib/app-error';
import { isUniqueViolation } from '../../db/sql-state';
import type { Clock } from '../../lib/clock';
import { checkTheftAddress } from './annonce-address';
import { recordAnnonceEvents } from './annonce-events';
import { loadOwnAnnonce, type CurrentUser } from './annonce-access';
import {
  ANNONCE_MAX_PHOTOS,
  deleteObjects,
  DOCUMENT_FIELDS,
  newStorageKey,
  prepareDocument,
  preparePhoto,
  storePreparedFile,
  type AnnonceForm,
  type DocumentField,
  type PreparedFile,
} from './annonce-files';
import {
  documentFileIds,
  findFiles,
  findVehicleType,
  isBrandOfferedForType,
  isFinishOf,
  isModelOf,
  photoFileIdsOf,
  type AnnonceRow,
  type VehicleTypeRow,
} from './annonce.repository';

export interface AnnonceSaveDeps {
  db: Db;
  storage: FileStorage;
  clock: Clock;
  geocoder: Geocoder;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** checkStepBeforeSave checks the steps up to the current one; a save checks what publication needs. */
export type SaveMode = 'checkStep' | 'save';

const KEEP_ID_FIELDS = {
  identityRecto: 'identityRectoId',
  identityVerso: 'identityVersoId',
  carteGriseFile: 'carteGriseFileId',
  plainteFile: 'plainteFileId',
  assuranceFile: 'assuranceFileId',
} as const satisfies Record<DocumentField, string>;

export function flagsOf(type: VehicleTypeRow | null): VehicleTypeFlags | null {
  return type
    ? {
        isLicensed: type.isLicensed,
        hasVIN: type.hasVin,
        hasBicycode: type.hasBicycode,
        hasSerialNumber: type.hasSerialNumber,
        hasWindowEngraving: type.hasWindowEngraving,
      }
    : null;
}

/** The wizard's fields as stored on an announcement (the form a draft reopens with). */
export function storedFields(row: AnnonceRow): AnnonceFields {
  return {
    vehicleType: row.vehicleTypeId,
    brand: row.brandId,
    model: row.modelId,
    finitions: row.modelFinishId,
    licensePlate: row.licensePlate,
    licensePlateConfirm: row.licensePlate,
    vin: row.vin,
    bicycode: row.bicycode,
    serialNumber: row.serialNumber,
    energy: row.energy,
    color: row.color,
    address:
      row.theftAddress && row.theftLatitude !== null && row.theftLongitude !== null
        ? {
            address: row.theftAddress,
            latitude: row.theftLatitude,
            longitude: row.theftLongitude,
            departement: row.theftDepartmentCode ?? '',
          }
        : null,
    isProprio: row.isOwner,
    ownerAttestation: row.ownerAttestation,
    firstnameOwner: row.firstnameOwner,
    lastnameOwner: row.lastnameOwner,
    annonceDescription: row.description,
    vehicleDescription: row.vehicleDescription,
    hasWindowEngraving: row.hasWindowEngraving,
    fiscalPower: row.fiscalPower,
    insuranceCompany: row.insuranceCompany,
    insuranceContract: row.insuranceContract,
  };
}

function firstProblem(problems: readonly { field: string; messageKey: string }[]) {
  const problem = problems[0];
  return problem ? invalidField(problem.field, problem.messageKey) : null;
}

/**
 * POST /annonce/saveAnnonceGrandPublic and /annonce/checkStepBeforeSave (docs/product/annonces.md §7). The
 * `annonce` JSON is the whole state of the wizard's fields (absent means empty); files are new
 * uploads, or ids of files the announcement already has to keep them; any other file of the
 * announcement is removed. New files are written first, then every row in one transaction; if
 * anything fails the new files are deleted again, so nothing is ever half-saved.
 */
export function createAnnonceSaveService(deps: AnnonceSaveDeps) {
  const { db, storage, clock, geocoder, log } = deps;

  /** Brand, model and finish must fit the type, brand and model chosen; a change resets them. */
  async function resetInconsistentChoices(fields: AnnonceFields, userId: number) {
    const result = { ...fields };
    if (result.vehicleType === null) {
      result.brand = null;
    } else if (
      result.brand !== null &&
      !(await isBrandOfferedForType(db, result.brand, result.vehicleType, userId))
    ) {
      result.brand = null;
    }
    if (result.brand === null || result.vehicleType === null) {
      result.model = null;
    } else if (
      result.model !== null &&
      !(await isModelOf(db, result.model, result.brand, result.vehicleType, userId))
    ) {
      result.model = null;
    }
    if (result.model === null) result.finitions = null;
    else if (
      result.finitions !== null &&
      !(await isFinishOf(db, result.finitions, result.model, userId))
    ) {
      result.finitions = null;
    }
    return result;
  }

  /** The user's announcement created by this wizard, if any (docs/product/founders-decisions.md "drafts"). */
  async function findByWizardKey(userId: number, wizardKey: string) {
    const [row] = await db
      .select({ id: annonces.id, status: annonces.status })
      .from(annonces)
      .where(and(eq(annonces.ownerId, userId), eq(annonces.wizardKey, wizardKey)))
      .limit(1);
    return row ?? null;
  }

  async function save(
    user: CurrentUser,
    form: AnnonceForm,
    mode: SaveMode,
  ): Promise<{ id: number }> {
    try {
      return await saveOnce(user, form, mode);
    } catch (error) {
      // Two first saves of one wizard at once: the second finds the draft the first created.
      if (isUniqueViolation(error)) return saveOnce(user, form, mode);
      throw error;
    }
  }

  async function saveOnce(
    user: CurrentUser,
    form: AnnonceForm,
    mode: SaveMode,
  ): Promise<{ id: number }> {
    assertAcceptableText(form.fields, SaveAnnonceFormSchema);
    const parsedForm = SaveAnnonceFormSchema.safeParse(form.fields);
    if (!parsedForm.success) {
      const field = String(parsedForm.error.issues[0]?.path[0] ?? 'annonce');
      throw new AppError('VALIDATION_FAILED', { invalidField: field });
    }
    const input = parsedForm.data;

    // One wizard, one draft: a first save whose wizard already made a draft goes on with it.
    const sameWizard =
      input.annonceId === null && input.wizardKey !== null
        ? await findByWizardKey(user.userId, input.wizardKey)
        : null;
    const targetId = input.annonceId ?? (sameWizard?.status === 'DRAFT' ? sameWizard.id : null);
    // Ownership and editability first (the access check is the first thing a service does).
    const existing = targetId === null ? null : await loadOwnAnnonce(db, user, targetId);
    if (
      existing &&
      !isEditableByOwner({
        status: existing.status,
        askedToBeDeleted: existing.askedToBeDeletedAt !== null,
      })
    ) {
      throw new AppError('FORBIDDEN', { messageKey: K.notEditable });
    }

    let json: unknown;
    try {
      json = JSON.parse(input.annonce);
    } catch {
      throw new AppError('VALIDATION_FAILED', { invalidField: 'annonce' });
    }
    assertAcceptableText(json, AnnonceFieldsSchema);
    const parsedFields = AnnonceFieldsSchema.safeParse(json);
    if (!parsedFields.success) {
      const field = String(parsedFields.error.issues[0]?.path[0] ?? 'annonce');
      throw new AppError('VALIDATION_FAILED', { invalidField: field });
    }

    const type =
      parsedFields.data.vehicleType == null
        ? null
        : await findVehicleType(db, parsedFields.data.vehicleType);
    if (parsedFields.data.vehicleType != null && (!type || !type.activated)) {
      throw invalidField('vehicleType', K.fieldInvalid);
    }
    const flags = flagsOf(type);
    const fields = await resetInconsistentChoices(
      normalizeAnnonceFields(parsedFields.data, flags),
      user.userId,
    );

    const isFast =
      existing && existing.status !== 'DRAFT'
        ? // Choosing "Complete" turns a fast one into a complete one; never the other way once published.
          existing.isFastAnnonce && input.isFastAnnonce
        : input.isFastAnnonce;

    // Files: which stored ones are kept, which are new, which go.
    const currentDocuments = existing ? documentFileIds(existing) : null;
    const keptDocuments: Partial<Record<DocumentField, number>> = {};
    for (const field of DOCUMENT_FIELDS) {
      if (form.documents[field]) continue;
      const keepId = input[KEEP_ID_FIELDS[field]];
      if (keepId === null) continue;
      if (currentDocuments?.[field] !== keepId) throw invalidField(field, K.fileUnknown);
      keptDocuments[field] = keepId;
    }
    // Choosing "owner" clears the other owner's documents (§4); the registration card is for licensed.
    const droppedDocuments = new Set<DocumentField>();
    if (fields.isProprio !== false) {
      droppedDocuments.add('identityRecto');
      droppedDocuments.add('identityVerso');
    }
    if (!flags?.isLicensed) droppedDocuments.add('carteGriseFile');

    const currentPhotos = existing ? await photoFileIdsOf(db, existing.id) : [];
    const keptById = new Map<number, number>();
    for (const [index, fileId] of form.keptPhotoIds) keptById.set(fileId, index);
    const listed = (input.imagesVehicleIds ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .map(Number);
    for (const fileId of listed) {
      if (!Number.isInteger(fileId) || fileId < 1) {
        throw new AppError('VALIDATION_FAILED', { invalidField: 'imagesVehicleIds' });
      }
      if (!keptById.has(fileId)) keptById.set(fileId, Number.MAX_SAFE_INTEGER - keptById.size);
    }
    for (const fileId of keptById.keys()) {
      if (!currentPhotos.includes(fileId)) throw invalidField('vehicleFiles', K.fileUnknown);
    }
    type PhotoSlot = { order: number; kept: number } | { order: number; upload: number };
    const slots: PhotoSlot[] = [
      ...[...keptById].map(([fileId, order]) => ({ order, kept: fileId })),
      ...[...form.photos.keys()].map((index) => ({ order: index, upload: index })),
    ].sort((a, b) => a.order - b.order);
    if (slots.length > ANNONCE_MAX_PHOTOS) throw invalidField('vehicleFiles', K.tooManyPhotos);
    if (input.nbImagesVehicle !== undefined && input.nbImagesVehicle !== slots.length) {
      throw new AppError('VALIDATION_FAILED', { invalidField: 'nbImagesVehicle' });
    }

    const hasDocument = (field: DocumentField) =>
      !droppedDocuments.has(field) &&
      (form.documents[field] !== undefined || keptDocuments[field] !== undefined);
    const presence = {
      photos: slots.length,
      identityRecto: hasDocument('identityRecto'),
      identityVerso: hasDocument('identityVerso'),
      carteGrise: hasDocument('carteGriseFile'),
      plainte: hasDocument('plainteFile'),
      assurance: hasDocument('assuranceFile'),
    };

    // §5 rules: formats always; required fields up to the step (check) or for publication.
    const mustStayPublishable =
      existing !== null && existing.status === 'TO_VALIDATE' && !input.forceDraft;
    let problem = firstProblem(formatProblems(fields));
    if (!problem && mode === 'checkStep') {
      problem = firstProblem(
        annonceProblems({
          fields,
          type: flags,
          files: presence,
          isFast,
          throughStep: input.currentStep,
        }),
      );
    }
    if (!problem && (!input.isDraft || mustStayPublishable)) {
      problem = firstProblem(publicationProblems({ fields, type: flags, files: presence, isFast }));
    }
    if (problem) throw problem;

    // The additional reward is chosen while creating; after publication it is a paid change.
    let reward = {
      level: existing?.additionalRewardLevel ?? 0,
      amount: Number(existing?.additionalRewardAmount ?? 0),
    };
    if (!existing || existing.status === 'DRAFT') {
      const amount =
        input.additionnalRewardAmount === undefined || input.additionnalRewardAmount === ''
          ? null
          : input.additionnalRewardAmount;
      const checked = normalizeAdditionalReward(input.additionnalRewardLevel, amount);
      if (!checked.ok) throw invalidField(checked.field, checked.messageKey);
      reward = { level: checked.level, amount: checked.amount };
    }

    // Address: placed and checked only when it changed (the geocoder may be remote).
    let place: { city: string | null; departmentCode: string | null } = {
      city: existing?.theftCity ?? null,
      departmentCode: existing?.theftDepartmentCode ?? null,
    };
    const storedAddress = existing ? storedFields(existing).address : null;
    if (fields.address === null) {
      place = { city: null, departmentCode: null };
    } else if (JSON.stringify(fields.address) !== JSON.stringify(storedAddress)) {
      place = await checkTheftAddress(geocoder, fields.address);
    }

    // Read and re-encode every upload before anything is written.
    const prepared: { field: DocumentField | 'photo'; index: number; file: PreparedFile }[] = [];
    for (const field of DOCUMENT_FIELDS) {
      const upload = form.documents[field];
      if (upload && !droppedDocuments.has(field)) {
        prepared.push({ field, index: -1, file: await prepareDocument(upload) });
      }
    }
    for (const [index, upload] of form.photos) {
      prepared.push({ field: 'photo', index, file: await preparePhoto(upload) });
    }

    const now = clock.now();
    const written: { key: string; entry: (typeof prepared)[number] }[] = [];
    let removedKeys: string[] = [];
    let annonceId: number;
    try {
      for (const entry of prepared) {
        const key = newStorageKey(entry.file);
        // Pushed first: a failure half-way still deletes what was written (deleteObjects).
        written.push({ key, entry });
        await storePreparedFile(storage, key, entry.file);
      }

      annonceId = await db.transaction(async (tx) => {
        const newFileIds = new Map<string, number>();
        if (written.length > 0) {
          const rows = await tx
            .insert(storedFiles)
            .values(
              written.map(({ key, entry }) => ({
                ownerId: user.userId,
                storageKey: key,
                originalFileName: entry.file.originalFileName.slice(0, 255),
                mimeType: entry.file.mimeType,
                sizeBytes: entry.file.data.length,
                visibility: entry.file.visibility,
                width: entry.file.image?.width ?? null,
                height: entry.file.image?.height ?? null,
                createdAt: now,
              })),
            )
            .returning({ id: storedFiles.id, storageKey: storedFiles.storageKey });
          for (const row of rows) newFileIds.set(row.storageKey, row.id);
        }
        const uploadedId = (field: DocumentField | 'photo', index = -1) => {
          const found = written.find((w) => w.entry.field === field && w.entry.index === index);
          return found ? (newFileIds.get(found.key) ?? null) : null;
        };
        const documentId = (field: DocumentField) =>
          droppedDocuments.has(field) ? null : (uploadedId(field) ?? keptDocuments[field] ?? null);

        const isComplete = isAnnonceComplete({
          isLicensed: flags?.isLicensed ?? false,
          hasCarteGrise: presence.carteGrise,
          hasPlainte: presence.plainte,
        });
        const backToDraft = existing !== null && input.forceDraft && existing.status !== 'DRAFT';
        const status = existing && !backToDraft ? existing.status : 'DRAFT';
        const opensCompletionWindow =
          existing !== null &&
          status === 'TO_VALIDATE' &&
          !isComplete &&
          existing.completionDeadlineAt === null;
        const values = {
          status,
          isFastAnnonce: isFast,
          isComplete,
          creationStep:
            status === 'DRAFT'
              ? Math.min(input.currentStep, maxDisplayedStep(isFast, 'create'))
              : (existing?.creationStep ?? 0),
          vehicleTypeId: fields.vehicleType,
          brandId: fields.brand,
          modelId: fields.model,
          modelFinishId: fields.finitions,
          licensePlate: fields.licensePlate,
          vin: fields.vin,
          bicycode: fields.bicycode,
          serialNumber: fields.serialNumber,
          hasWindowEngraving: fields.hasWindowEngraving,
          color: fields.color,
          energy: fields.energy,
          fiscalPower: fields.fiscalPower,
          description: fields.annonceDescription,
          vehicleDescription: fields.vehicleDescription,
          theftAddress: fields.address?.address ?? null,
          theftLatitude: fields.address?.latitude ?? null,
          theftLongitude: fields.address?.longitude ?? null,
          theftDepartmentCode: place.departmentCode,
          theftCity: place.city,
          isOwner: fields.isProprio,
          ownerAttestation: fields.ownerAttestation,
          firstnameOwner: fields.firstnameOwner,
          lastnameOwner: fields.lastnameOwner,
          identityRectoFileId: documentId('identityRecto'),
          identityVersoFileId: documentId('identityVerso'),
          carteGriseFileId: documentId('carteGriseFile'),
          plainteFileId: documentId('plainteFile'),
          assuranceFileId: documentId('assuranceFile'),
          insuranceCompany: fields.insuranceCompany,
          insuranceContract: fields.insuranceContract,
          additionalRewardLevel: reward.level,
          additionalRewardAmount: reward.amount,
          needsReminderNotification:
            input.needsReminderNotification ?? existing?.needsReminderNotification ?? false,
          // Completed, or back to a draft: the 48-hour window no longer applies.
          ...(isComplete || status === 'DRAFT'
            ? { completionDeadlineAt: null, completionReminderSentAt: null }
            : {}),
          // Papers removed while in validation: a new 48-hour window opens (docs/product/founders-decisions.md).
          ...(opensCompletionWindow
            ? { completionDeadlineAt: completionDeadline(now), completionReminderSentAt: null }
            : {}),
          updatedAt: now,
        };

        let id: number;
        if (existing) {
          await tx.update(annonces).set(values).where(eq(annonces.id, existing.id));
          id = existing.id;
        } else {
          const [row] = await tx
            .insert(annonces)
            .values({
              ...values,
              ownerId: user.userId,
              // A key already used (its draft was published) is not carried over.
              wizardKey: sameWizard ? null : input.wizardKey,
              createdAt: now,
            })
            .returning({ id: annonces.id });
          if (!row) throw new Error('announcement not created');
          id = row.id;
        }
        if (opensCompletionWindow) {
          await recordAnnonceEvents(tx, [
            {
              annonceId: id,
              userId: user.userId,
              type: 'ANNONCE_TO_COMPLETE',
              at: now,
              payload: { deadline: completionDeadline(now).toISOString() },
            },
          ]);
        }

        const photoIds = slots.map((slot) =>
          'kept' in slot ? slot.kept : (uploadedId('photo', slot.upload) as number),
        );
        await tx.delete(annoncePhotos).where(eq(annoncePhotos.annonceId, id));
        if (photoIds.length > 0) {
          await tx
            .insert(annoncePhotos)
            .values(photoIds.map((fileId, position) => ({ annonceId: id, fileId, position })));
        }

        // Files the announcement no longer uses: their rows go now, their objects after commit.
        const stillUsed = new Set<number>([
          ...photoIds,
          ...DOCUMENT_FIELDS.map(documentId).filter((fileId): fileId is number => fileId !== null),
        ]);
        const previous = [
          ...currentPhotos,
          ...(currentDocuments ? Object.values(currentDocuments) : []),
        ].filter((fileId): fileId is number => fileId !== null && !stillUsed.has(fileId));
        if (previous.length > 0) {
          const rows = await findFiles(tx, previous);
          removedKeys = [...rows.values()].map((row) => row.storageKey);
          await tx.delete(storedFiles).where(inArray(storedFiles.id, previous));
        }
        return id;
      });
    } catch (error) {
      await deleteObjects(
        storage,
        written.map((w) => w.key),
        log,
      );
      throw error;
    }
    await deleteObjects(storage, removedKeys, log);
    return { id: annonceId };
  }

  return { save };
}

export type AnnonceSaveService = ReturnType<typeof createAnnonceSaveService>;
