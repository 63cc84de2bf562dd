import { eq } from 'drizzle-orm';
import {
  canTransition,
  MATCH_MESSAGE_KEYS as K,
  MATCH_PHOTOS_MIN,
  MATCHABLE_ANNONCE_STATUSES,
  matchFormProblems,
  normalizeIdentifier,
  OPEN_MATCH_STATUSES,
  MatchFieldsSchema,
  SaveMatchFormSchema,
  type AnnonceStatus,
  type MatchFieldsInput,
} from '@app/domain';
import type { FileStorage } from '../../adapters/storage';
import type { Db } from '../../db/database';
import { annonces, matchReportPhotos, matchReports, storedFiles } from '../../db/schema/index';
import { assertAcceptableText } from '../../plugins/input-text';
import { AppError, invalidField, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import {
  deleteObjects,
  findVehicleType,
  isBrandOfferedForType,
  isFinishOf,
  isModelOf,
} from '../annonces/index';
import type { Lampions } from '../lampions/index';
import {
  identityRequired,
  SUBMITTED_IDENTITY_STATUSES,
  type CurrentUser,
} from './match-check.service';
import { PHOTOS_FIELD, prepareMatchPhoto, type MatchForm, type PreparedPhoto } from './match-files';
import {
  catalogueNames,
  hasOpenReport,
  latestCheckOn,
  lockAnnonce,
  lockWatcher,
} from './matches.repository';

/** What the owner is told when a watcher reports their vehicle (the notifier's shape). */
export interface MatchNotifier {
  notify(
    items: {
      userId: number;
      type: 'ADMIN_NOTIFICATION';
      objectType: 'Annonce';
      objectId: number | null;
      params?: Record<string, string | number>;
    },
    tx?: Db,
  ): Promise<void>;
}

/** A check this recent on the same announcement is the one the report follows. */
const CHECK_LINK_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * POST /matchAnnonce/saveMatchAnnonceGrandPublic (docs/product/discovery.md §2 "Verify match"). Rules first
 * (identity, the announcement is looked for and not the watcher's own, one open report per
 * announcement, the form's mandatory rule, at least one photo), then the photos are re-encoded and
 * written, then every row in one transaction: the report, its photos, the announcement to
 * MATCH_TO_VALIDATE, +20 lampions, the owner's notification. A failure deletes the written files.
 */
export function createMatchReportService(deps: {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  lampions: Lampions;
  notifier: MatchNotifier | null;
  log: { warn(obj: object, msg: string): void };
}) {
  const { db, clock, storage, lampions, notifier, log } = deps;

  async function checkCatalogue(userId: number, fields: MatchFieldsInput) {
    const type = fields.vehicleType ? await findVehicleType(db, fields.vehicleType) : null;
    if (fields.vehicleType && !type) throw invalidField('vehicleType', 'field.invalid.error');
    const problems = matchFormProblems(
      fields,
      type ? { isLicensed: type.isLicensed, hasVIN: type.hasVin } : null,
    );
    const [problem] = problems;
    if (problem) throw invalidField(problem.field, problem.messageKey);
    // The reset rules of the form, enforced: brand of the type, model of the brand, finish of the
    // model (a finish only for licensed types).
    const typeId = fields.vehicleType as number;
    const brandId = fields.brand as number;
    const modelId = fields.model as number;
    if (!(await isBrandOfferedForType(db, brandId, typeId, userId))) {
      throw invalidField('brand', 'field.invalid.error');
    }
    if (!(await isModelOf(db, modelId, brandId, typeId, userId))) {
      throw invalidField('model', 'field.invalid.error');
    }
    if (fields.modelFinish) {
      if (!type?.isLicensed || !(await isFinishOf(db, fields.modelFinish, modelId, userId))) {
        throw invalidField('modelFinish', 'field.invalid.error');
      }
    }
  }

  async function save(user: CurrentUser, form: MatchForm) {
    assertAcceptableText(form.fields, SaveMatchFormSchema);
    const parsed = SaveMatchFormSchema.safeParse(form.fields);
    if (!parsed.success) {
      const field = String(parsed.error.issues[0]?.path[0] ?? 'match');
      throw new AppError('VALIDATION_FAILED', { invalidField: field });
    }
    const { match: fields, scannedIdentifier, nbImagesVehicle } = parsed.data;
    // The match part is JSON inside a form field: its strings are only seen once parsed.
    assertAcceptableText(fields, MatchFieldsSchema);
    const annonceId = scannedIdentifier.annonceId;
    if (!annonceId) throw new AppError('VALIDATION_FAILED', { invalidField: 'annonceId' });

    // Checked again inside the transaction, under locks; here to answer before reading photos.
    const watcher = await lockWatcher(db, user.userId);
    if (!watcher) throw new AppError('UNAUTHENTICATED');
    if (!SUBMITTED_IDENTITY_STATUSES.includes(watcher.identityStatus)) throw identityRequired();

    const annonce = await lockAnnonce(db, annonceId);
    if (!annonce || !(MATCHABLE_ANNONCE_STATUSES as readonly string[]).includes(annonce.status)) {
      throw notFound(K.annonceNotMatchable);
    }
    if (annonce.ownerId === user.userId)
      throw new AppError('FORBIDDEN', { messageKey: K.ownAnnonce });
    if (await hasOpenReport(db, user.userId, annonceId, OPEN_MATCH_STATUSES)) {
      throw new AppError('FORBIDDEN', { messageKey: K.alreadyReported });
    }

    await checkCatalogue(user.userId, fields);
    const uploads = [...form.photos.entries()].sort(([a], [b]) => a - b).map(([, file]) => file);
    if (uploads.length < MATCH_PHOTOS_MIN) throw invalidField(PHOTOS_FIELD, K.photosRequired);
    // A count that differs from the parts received means a photo was lost on the way.
    if (nbImagesVehicle !== uploads.length) {
      throw new AppError('VALIDATION_FAILED', { invalidField: 'nbImagesVehicle' });
    }

    // Re-encode every photo before anything is written.
    const photos: PreparedPhoto[] = [];
    for (const upload of uploads) photos.push(await prepareMatchPhoto(upload));

    const now = clock.now();
    const written: string[] = [];
    try {
      for (const photo of photos) {
        await storage.put(photo.storageKey, photo.data, photo.mimeType);
        written.push(photo.storageKey);
      }
      return await db.transaction(async (tx) => {
        // Again under the locks: two reports sent at once by the same watcher make one.
        await lockWatcher(tx, user.userId);
        const locked = await lockAnnonce(tx, annonceId);
        if (!locked || !(MATCHABLE_ANNONCE_STATUSES as readonly string[]).includes(locked.status)) {
          throw notFound(K.annonceNotMatchable);
        }
        if (await hasOpenReport(tx, user.userId, annonceId, OPEN_MATCH_STATUSES)) {
          throw new AppError('FORBIDDEN', { messageKey: K.alreadyReported });
        }
        const fileRows = await tx
          .insert(storedFiles)
          .values(
            photos.map((photo) => ({
              ownerId: user.userId,
              storageKey: photo.storageKey,
              originalFileName: photo.originalFileName,
              mimeType: photo.mimeType,
              sizeBytes: photo.data.length,
              visibility: 'private',
              createdAt: now,
            })),
          )
          .returning({ id: storedFiles.id, storageKey: storedFiles.storageKey });
        const fileIdOf = new Map(fileRows.map((row) => [row.storageKey, row.id]));

        const award = await lampions.record(
          user.userId,
          'MATCH_REPORTED',
          { objectType: 'Annonce', objectId: annonceId },
          tx,
        );
        const vin = normalizeIdentifier(fields.vin ?? '');
        const [report] = await tx
          .insert(matchReports)
          .values({
            annonceId,
            watcherId: user.userId,
            identifierCheckId: await latestCheckOn(
              tx,
              user.userId,
              annonceId,
              new Date(now.getTime() - CHECK_LINK_WINDOW_MS),
            ),
            status: 'TO_VALIDATE',
            address: fields.address!.address.trim(),
            latitude: fields.address!.latitude,
            longitude: fields.address!.longitude,
            departmentCode: fields.address!.departement ?? null,
            vehicleTypeId: fields.vehicleType ?? null,
            brandId: fields.brand ?? null,
            modelId: fields.model ?? null,
            modelFinishId: fields.modelFinish ?? null,
            vin: vin === '' ? null : vin,
            color: fields.color ?? null,
            energy: fields.energy?.trim() ? fields.energy : null,
            description: fields.description?.trim() ? fields.description.trim() : null,
            createdAt: now,
            lampionsGained: award.points,
          })
          .returning({ id: matchReports.id });
        if (!report) throw new Error('match report not stored');
        await tx.insert(matchReportPhotos).values(
          photos.map((photo, position) => ({
            matchReportId: report.id,
            fileId: fileIdOf.get(photo.storageKey) as number,
            position,
          })),
        );
        if (canTransition(locked.status as AnnonceStatus, 'MATCH_TO_VALIDATE', 'watcher')) {
          await tx
            .update(annonces)
            .set({ status: 'MATCH_TO_VALIDATE', updatedAt: now })
            .where(eq(annonces.id, annonceId));
        }
        if (notifier) {
          // The owner learns that their vehicle may have been seen, never by whom or where: the
          // team checks the report first (the back office notifies the outcome).
          const names = await catalogueNames(tx, {
            types: [],
            brands: locked.brandId ? [locked.brandId] : [],
            models: locked.modelId ? [locked.modelId] : [],
            finishes: [],
          });
          const vehicle = [
            locked.brandId ? names.brands.get(locked.brandId) : undefined,
            locked.modelId ? names.models.get(locked.modelId) : undefined,
          ]
            .filter(Boolean)
            .join(' ');
          await notifier.notify(
            {
              userId: locked.ownerId,
              type: 'ADMIN_NOTIFICATION',
              objectType: 'Annonce',
              objectId: annonceId,
              // Worded in the owner's language by the notification catalogue.
              params: { event: 'MATCH_REPORTED', ...(vehicle ? { annonceTitle: vehicle } : {}) },
            },
            tx,
          );
        }
        return { id: report.id, annonceId, lampionsGained: award.points };
      });
    } catch (error) {
      await deleteObjects(storage, written, log);
      throw error;
    }
  }

  return { save };
}

export type MatchReportService = ReturnType<typeof createMatchReportService>;
