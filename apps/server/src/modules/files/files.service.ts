import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from '../../adapters/storage';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { createThumbnail, PHOTO_CONTENT_TYPE, UnsupportedImageError } from '../../lib/images';
import type { FileUrlSigner, FileVariant } from '../../lib/signed-file-urls';
import { findStoredFile, isPhotoOfPublicAnnonce } from './files.repository';

export const FILE_VISIBILITIES = ['public', 'private'] as const;
export type FileVisibility = (typeof FILE_VISIBILITIES)[number];

/**
 * Where a file's thumbnail lives: next to the original, so that whoever deletes a file can delete
 * both (`storage.delete(key)` and `storage.delete(thumbnailKeyOf(key))`).
 */
export function thumbnailKeyOf(storageKey: string): string {
  return `${storageKey}.thumb.jpg`;
}

export interface ServedFile {
  stream: Readable | Buffer;
  contentType: string;
  size: number;
  visibility: FileVisibility;
  /** A vehicle photo (as opposed to a document), whichever link opened it. */
  isPhoto: boolean;
  fileName: string;
}

export interface FileAccess {
  expires?: number | undefined;
  signature?: string | undefined;
}

/**
 * Serving rules (docs/security.md, "Files"): nothing by id alone. A short-lived signature (issued
 * by a service after its owner-or-admin check) opens any file until it expires; a lasting one
 * opens a vehicle photo only while its announcement is visible to everyone. Anything else is a 404,
 * the same as a file that does not exist, so that ids cannot be probed.
 */
export function createFilesService(deps: {
  db: Db;
  storage: FileStorage;
  signer: FileUrlSigner;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const { db, storage, signer, clock, log } = deps;
  /** Two first requests for the same thumbnail must not both write it (same temporary file). */
  const thumbnailsInProgress = new Map<string, Promise<Buffer | null>>();

  /** How the file may be served: to anyone (cacheable) or to the holder of a short-lived link. */
  async function checkAccess(
    fileId: number,
    visibility: string,
    access: FileAccess,
    variant: FileVariant,
  ): Promise<FileVisibility> {
    if (!access.signature) throw notFound();
    if (access.expires !== undefined) {
      const verdict = signer.verify(fileId, access.expires, access.signature, clock.now(), variant);
      // An expired link was genuine: its holder learns it expired (and opens the page again).
      if (verdict === 'expired') throw new AppError('FORBIDDEN');
      if (verdict !== 'valid') throw notFound();
      return 'private';
    }
    if (
      visibility === 'public' &&
      signer.verifyPublic(fileId, access.signature) &&
      (await isPhotoOfPublicAnnonce(db, fileId))
    ) {
      return 'public';
    }
    throw notFound();
  }

  async function generateThumbnail(storageKey: string): Promise<Buffer | null> {
    const original = await storage.get(storageKey);
    if (!original) return null;
    let thumbnail;
    try {
      thumbnail = await createThumbnail(await buffer(original.stream));
    } catch (error) {
      // An image we cannot decode has no thumbnail; that is a missing resource, not a server fault.
      if (error instanceof UnsupportedImageError) throw notFound();
      throw error;
    }
    await storage.put(thumbnailKeyOf(storageKey), thumbnail.data, thumbnail.contentType);
    return thumbnail.data;
  }

  function thumbnailOnce(storageKey: string): Promise<Buffer | null> {
    const key = thumbnailKeyOf(storageKey);
    let pending = thumbnailsInProgress.get(key);
    if (!pending) {
      pending = generateThumbnail(storageKey).finally(() => thumbnailsInProgress.delete(key));
      thumbnailsInProgress.set(key, pending);
    }
    return pending;
  }

  return {
    async open(fileId: number, variant: FileVariant, access: FileAccess): Promise<ServedFile> {
      const file = await findStoredFile(db, fileId);
      if (!file) throw notFound();
      const visibility = await checkAccess(file.id, file.visibility, access, variant);

      if (variant === 'original') {
        const object = await storage.get(file.storageKey);
        if (!object) {
          // The row outlived its bytes (a failed upload, a bucket clean-up): a 404, not a crash.
          log.warn({ fileId, storageKey: file.storageKey }, 'stored file has no object in storage');
          throw notFound();
        }
        return {
          stream: object.stream,
          contentType: file.mimeType,
          size: object.size,
          visibility,
          isPhoto: file.visibility === 'public',
          fileName: file.originalFileName,
        };
      }

      if (!file.mimeType.startsWith('image/')) throw notFound();
      const thumbnailName = `${file.originalFileName.replace(/\.[^.]*$/, '')}-miniature.jpg`;
      const stored = await storage.get(thumbnailKeyOf(file.storageKey));
      if (stored) {
        return {
          stream: stored.stream,
          contentType: PHOTO_CONTENT_TYPE,
          size: stored.size,
          visibility,
          isPhoto: file.visibility === 'public',
          fileName: thumbnailName,
        };
      }
      // Made on first request, then kept: uploads and the demo seed need not make them up front.
      const made = await thumbnailOnce(file.storageKey);
      if (!made) {
        log.warn({ fileId, storageKey: file.storageKey }, 'stored file has no object in storage');
        throw notFound();
      }
      return {
        stream: made,
        contentType: PHOTO_CONTENT_TYPE,
        size: made.length,
        visibility,
        isPhoto: file.visibility === 'public',
        fileName: thumbnailName,
      };
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;

/**
 * `inline` with a file name that cannot break the header (quotes, CR/LF, path parts) and its UTF-8
 * form for accented names ("carte-grise-été.pdf").
 */
export function inlineContentDisposition(fileName: string): string {
  const cleaned =
    fileName
      .normalize('NFC')
      .replace(/[\p{Cc}"\\/:*?<>|]/gu, '')
      .trim()
      .slice(0, 150) || 'document';
  const ascii = cleaned
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(cleaned).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
