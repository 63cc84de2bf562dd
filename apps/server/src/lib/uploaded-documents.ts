import { fileTypeFromBuffer } from 'file-type';
import { DOCUMENT_MIME_TYPES } from '@app/domain';
import { invalidField } from './app-error';
import { reencodePhoto, UnsupportedImageError } from './images';

/** A file as it arrived in a multipart form, read into memory. */
export interface IncomingFile {
  field: string;
  fileName: string;
  data: Buffer;
}

/** A document ready to store: its bytes as they will be kept, and what they are. */
export interface PreparedDocument {
  field: string;
  originalFileName: string;
  data: Buffer;
  mimeType: string;
  extension: string;
}

/**
 * Checks a private document (identity, rib, registration card, complaint, insurance) by its content:
 * png, jpeg or pdf, whatever its name says, so a renamed program is refused. Images are re-encoded,
 * which drops their metadata (GPS position, camera, dates); PDFs are kept as sent. A refused file
 * answers 403 on its field with `refusedMessageKey` (each area's catalogue has its own wording).
 */
export async function prepareDocument(
  file: IncomingFile,
  refusedMessageKey: string,
): Promise<PreparedDocument> {
  const refused = () => invalidField(file.field, refusedMessageKey);
  const detected = await fileTypeFromBuffer(file.data);
  if (!detected || !(DOCUMENT_MIME_TYPES as readonly string[]).includes(detected.mime)) {
    throw refused();
  }
  const base = { field: file.field, originalFileName: file.fileName };
  if (detected.mime === 'application/pdf') {
    return { ...base, data: file.data, mimeType: 'application/pdf', extension: 'pdf' };
  }
  try {
    const image = await reencodePhoto(file.data);
    return { ...base, data: image.data, mimeType: image.contentType, extension: 'jpg' };
  } catch (error) {
    if (error instanceof UnsupportedImageError) throw refused();
    throw error;
  }
}
