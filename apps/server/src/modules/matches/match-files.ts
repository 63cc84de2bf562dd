import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import {
  ANNONCE_MESSAGE_KEYS,
  MATCH_MESSAGE_KEYS as K,
  MATCH_PHOTO_MAX_BYTES,
  MATCH_PHOTOS_MAX,
  isAcceptableText,
} from '@app/domain';
import { assertAcceptablePartNames, unacceptableText } from '../../plugins/input-text';
import { AppError, invalidField } from '../../lib/app-error';
import { reencodePhoto, UnsupportedImageError } from '../../lib/images';
import type { IncomingFile } from '../../lib/uploaded-documents';

/** The form field photos belong to in 403 answers. */
export const PHOTOS_FIELD = 'imagesVehicle';

export const MATCH_UPLOAD_LIMITS = {
  fileSize: MATCH_PHOTO_MAX_BYTES,
  files: MATCH_PHOTOS_MAX,
  fields: 20,
  fieldSize: 40_000,
  parts: MATCH_PHOTOS_MAX + 20,
};

export interface MatchForm {
  fields: Record<string, string>;
  /** imagesVehicle[i] uploads by index i. */
  photos: Map<number, IncomingFile>;
}

const PHOTO_PART = /^imagesVehicle\[(\d{1,2})\]$/;

/**
 * Reads the verify-match multipart form into memory (10 MB per photo, enforced while reading; at
 * most 10 photos). Unknown file parts are drained and ignored; empty file inputs count as absent.
 */
export async function readMatchForm(request: FastifyRequest): Promise<MatchForm> {
  if (!request.isMultipart()) throw new AppError('VALIDATION_FAILED', { invalidField: 'match' });
  const form: MatchForm = { fields: {}, photos: new Map() };
  try {
    for await (const part of request.parts()) {
      assertAcceptablePartNames(part);
      if (part.type === 'field' && typeof part.value === 'string') {
        // Multi-line allowed here; the schema the field is parsed with next applies its own rule.
        if (!isAcceptableText(part.value, { multiline: true }))
          throw unacceptableText(part.fieldname);
      }
      if (part.type === 'file') {
        const index = PHOTO_PART.exec(part.fieldname)?.[1];
        if (index === undefined) {
          part.file.resume();
          continue;
        }
        let data: Buffer;
        try {
          data = await part.toBuffer();
        } catch (error) {
          if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) {
            throw new AppError('PAYLOAD_TOO_LARGE', {
              invalidField: PHOTOS_FIELD,
              messageKey: ANNONCE_MESSAGE_KEYS.fileTooLarge,
            });
          }
          throw error;
        }
        if (data.length === 0 && !part.filename) continue;
        form.photos.set(Number(index), {
          field: PHOTOS_FIELD,
          fileName: part.filename || 'photo',
          data,
        });
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof request.server.multipartErrors.FilesLimitError) {
      throw invalidField(PHOTOS_FIELD, K.tooManyPhotos);
    }
    throw error;
  }
  return form;
}

export interface PreparedPhoto {
  originalFileName: string;
  data: Buffer;
  mimeType: string;
  storageKey: string;
}

/**
 * A sighting photo: png or jpeg judged by its bytes, re-encoded to JPEG without metadata (no GPS
 * position, camera or date leaves with it). Kept private: only the watcher (signed links) and the
 * back office see where a vehicle was spotted.
 */
export async function prepareMatchPhoto(file: IncomingFile): Promise<PreparedPhoto> {
  const refused = () => invalidField(PHOTOS_FIELD, ANNONCE_MESSAGE_KEYS.fileTypeInvalid);
  const detected = await fileTypeFromBuffer(file.data);
  if (!detected || !['image/png', 'image/jpeg'].includes(detected.mime)) throw refused();
  try {
    const image = await reencodePhoto(file.data);
    return {
      originalFileName: file.fileName.slice(0, 255),
      data: image.data,
      mimeType: image.contentType,
      storageKey: `private/matches/${randomUUID()}.jpg`,
    };
  } catch (error) {
    if (error instanceof UnsupportedImageError) throw refused();
    throw error;
  }
}
