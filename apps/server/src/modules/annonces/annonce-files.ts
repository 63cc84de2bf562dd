import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { ANNONCE_MESSAGE_KEYS as K, idSchema, isAcceptableText } from '@app/domain';
import type { FileStorage } from '../../adapters/storage';
import { assertAcceptablePartNames, unacceptableText } from '../../plugins/input-text';
import { AppError, invalidField } from '../../lib/app-error';
import { createPhotoSize, reencodePhoto, UnsupportedImageError } from '../../lib/images';
import { PHOTO_SIZE_CONTENT_TYPE, PHOTO_SIZE_NAMES, type PhotoSize } from '../../lib/photo-sizes';
import {
  prepareDocument as prepareUploadedDocument,
  type IncomingFile,
} from '../../lib/uploaded-documents';
import { derivedKeysOf, photoSizeKeyOf } from '../files/index';

export type { IncomingFile };

/** 10 MB per file (docs/product/annonces.md §9 leaves it open; the same limit as account documents). */
export const ANNONCE_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const ANNONCE_MAX_PHOTOS = 10;

/** The five documents of an announcement: form field → column. */
export const DOCUMENT_FIELDS = [
  'identityRecto',
  'identityVerso',
  'carteGriseFile',
  'plainteFile',
  'assuranceFile',
] as const;
export type DocumentField = (typeof DOCUMENT_FIELDS)[number];

export const ANNONCE_UPLOAD_LIMITS = {
  fileSize: ANNONCE_FILE_MAX_BYTES,
  files: ANNONCE_MAX_PHOTOS + DOCUMENT_FIELDS.length,
  fields: 60,
  fieldSize: 100_000,
  parts: 80,
};

export interface AnnonceForm {
  fields: Record<string, string>;
  documents: Partial<Record<DocumentField, IncomingFile>>;
  /** imagesVehicle[i] uploads by index i. */
  photos: Map<number, IncomingFile>;
  /** imagesVehicleId[i] kept photo ids by index i. */
  keptPhotoIds: Map<number, number>;
}

const PHOTO_PART = /^imagesVehicle\[(\d{1,2})\]$/;
const KEPT_PHOTO_PART = /^imagesVehicleId\[(\d{1,2})\]$/;

/**
 * Reads the wizard's multipart form into memory (10 MB per file, enforced while reading; at most
 * 10 photos). Empty file inputs count as absent.
 */
export async function readAnnonceForm(request: FastifyRequest): Promise<AnnonceForm> {
  if (!request.isMultipart()) throw new AppError('VALIDATION_FAILED', { invalidField: 'annonce' });
  const form: AnnonceForm = {
    fields: {},
    documents: {},
    photos: new Map(),
    keptPhotoIds: new Map(),
  };
  try {
    for await (const part of request.parts()) {
      assertAcceptablePartNames(part);
      if (part.type === 'field' && typeof part.value === 'string') {
        // Multi-line allowed here; the schema the field is parsed with next applies its own rule.
        if (!isAcceptableText(part.value, { multiline: true }))
          throw unacceptableText(part.fieldname);
      }
      if (part.type === 'file') {
        const photoIndex = PHOTO_PART.exec(part.fieldname)?.[1];
        const isDocument = (DOCUMENT_FIELDS as readonly string[]).includes(part.fieldname);
        if (photoIndex === undefined && !isDocument) {
          part.file.resume();
          continue;
        }
        const field = photoIndex === undefined ? part.fieldname : 'vehicleFiles';
        let data: Buffer;
        try {
          data = await part.toBuffer();
        } catch (error) {
          if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) {
            throw new AppError('PAYLOAD_TOO_LARGE', {
              invalidField: field,
              messageKey: K.fileTooLarge,
            });
          }
          throw error;
        }
        if (data.length === 0 && !part.filename) continue;
        const file = { field, fileName: part.filename || 'file', data };
        if (photoIndex === undefined) form.documents[part.fieldname as DocumentField] = file;
        else form.photos.set(Number(photoIndex), file);
      } else if (typeof part.value === 'string') {
        const keptIndex = KEPT_PHOTO_PART.exec(part.fieldname)?.[1];
        if (keptIndex !== undefined) {
          const id = idSchema.safeParse(part.value);
          if (!id.success) {
            throw new AppError('VALIDATION_FAILED', { invalidField: 'imagesVehicleId' });
          }
          form.keptPhotoIds.set(Number(keptIndex), id.data);
        } else {
          form.fields[part.fieldname] = part.value;
        }
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof request.server.multipartErrors.FilesLimitError) {
      throw invalidField('vehicleFiles', K.tooManyPhotos);
    }
    throw error;
  }
  return form;
}

export interface PreparedFile {
  field: string;
  originalFileName: string;
  data: Buffer;
  mimeType: string;
  extension: string;
  visibility: 'public' | 'private';
  /** A photo's pixel size and its WebP sizes, made before anything is written (issue 17). */
  image?: { width: number; height: number; sizes: { size: PhotoSize; data: Buffer }[] };
}

/**
 * Vehicle photos: png or jpeg judged by their bytes (never the name), re-encoded to JPEG without
 * any metadata so that no photo reveals where it was taken, and made in the WebP sizes the cards
 * and the detail page ask for (lib/photo-sizes.ts).
 */
export async function preparePhoto(file: IncomingFile): Promise<PreparedFile> {
  const detected = await fileTypeFromBuffer(file.data);
  if (!detected || !['image/png', 'image/jpeg'].includes(detected.mime)) {
    throw invalidField('vehicleFiles', K.fileTypeInvalid);
  }
  try {
    const image = await reencodePhoto(file.data);
    const sizes = [];
    for (const size of PHOTO_SIZE_NAMES) {
      sizes.push({ size, data: (await createPhotoSize(image.data, size)).data });
    }
    return {
      field: file.field,
      originalFileName: file.fileName,
      data: image.data,
      mimeType: image.contentType,
      extension: 'jpg',
      visibility: 'public',
      image: { width: image.width, height: image.height, sizes },
    };
  } catch (error) {
    if (error instanceof UnsupportedImageError)
      throw invalidField('vehicleFiles', K.fileTypeInvalid);
    throw error;
  }
}

/** Documents (identity, registration card, complaint, insurance): checked and cleaned, private. */
export async function prepareDocument(file: IncomingFile): Promise<PreparedFile> {
  return { ...(await prepareUploadedDocument(file, K.fileTypeInvalid)), visibility: 'private' };
}

/** Writes a prepared file and, for a photo, its WebP sizes next to it. */
export async function storePreparedFile(
  storage: FileStorage,
  key: string,
  file: PreparedFile,
): Promise<void> {
  await storage.put(key, file.data, file.mimeType);
  for (const { size, data } of file.image?.sizes ?? []) {
    await storage.put(photoSizeKeyOf(key, size), data, PHOTO_SIZE_CONTENT_TYPE);
  }
}

export function newStorageKey(file: PreparedFile): string {
  return `${file.visibility}/annonces/${randomUUID()}.${file.extension}`;
}

/** Removes objects (and the thumbnails and sizes made from them); never throws. */
export async function deleteObjects(
  storage: FileStorage,
  keys: readonly string[],
  log: { warn(obj: object, msg: string): void },
): Promise<void> {
  const results = await Promise.allSettled(
    keys.flatMap((key) => [key, ...derivedKeysOf(key)].map((each) => storage.delete(each))),
  );
  const failed = results.filter((result) => result.status === 'rejected');
  if (failed.length > 0)
    log.warn({ failed: failed.length }, 'could not delete some stored objects');
}
