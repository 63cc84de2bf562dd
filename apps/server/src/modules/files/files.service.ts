import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from '../../adapters/storage';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import {
  createPhotoSize,
  createThumbnail,
  imageDimensions,
  UnsupportedImageError,
  type EncodedImage,
} from '../../lib/images';
import { PHOTO_SIZE_NAMES, type PhotoSize } from '../../lib/photo-sizes';
import type { FileUrlSigner, FileVariant } from '../../lib/signed-file-urls';
import { findStoredFile, saveImageDimensions } from './files.repository';

export const FILE_VISIBILITIES = ['public', 'private'] as const;
export type FileVisibility = (typeof FILE_VISIBILITIES)[number];

/**
 * Where a file's thumbnail lives: next to the original, so that whoever deletes a file can delete
 * both (`storage.delete(key)` and every `derivedKeysOf(key)`).
 */
export function thumbnailKeyOf(storageKey: string): string {
  return `${storageKey}.thumb.jpg`;
}

/** Where a WebP size of a photo lives: next to the original too ("….jpg.small.webp"). */
export function photoSizeKeyOf(storageKey: string, size: PhotoSize): string {
  return `${storageKey}.${size}.webp`;
}

/** Every file made from a stored one (thumbnail, WebP sizes): deleted with it. */
export function derivedKeysOf(storageKey: string): string[] {
  return [
    thumbnailKeyOf(storageKey),
    ...PHOTO_SIZE_NAMES.map((size) => photoSizeKeyOf(storageKey, size)),
  ];
}

type DerivedVariant = Exclude<FileVariant, 'original'>;

function derivedKeyOf(storageKey: string, variant: DerivedVariant): string {
  return variant === 'thumbnail' ? thumbnailKeyOf(storageKey) : photoSizeKeyOf(storageKey, variant);
}

function derivedContentType(variant: DerivedVariant): string {
  return variant === 'thumbnail' ? 'image/jpeg' : 'image/webp';
}

function derivedFileName(originalFileName: string, variant: DerivedVariant): string {
  const base = originalFileName.replace(/\.[^.]*$/, '');
  return variant === 'thumbnail' ? `${base}-miniature.jpg` : `${base}-${variant}.webp`;
}

function makeDerived(original: Buffer, variant: DerivedVariant): Promise<EncodedImage> {
  return variant === 'thumbnail' ? createThumbnail(original) : createPhotoSize(original, variant);
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
  /** Two first requests for the same size must not both write it (same temporary file). */
  const derivedInProgress = new Map<string, Promise<Buffer | null>>();

  /**
   * How the link lets the file be served: to anyone (cacheable) or to the holder of a short-lived
   * link. Decided from the link alone, before any query, so that a forged or expired link costs no
   * database work; a lasting link still needs the file to be a public photo (open()).
   */
  function checkLink(fileId: number, access: FileAccess, variant: FileVariant): FileVisibility {
    if (!access.signature) throw notFound();
    if (access.expires !== undefined) {
      const verdict = signer.verify(fileId, access.expires, access.signature, clock.now(), variant);
      // An expired link was genuine: its holder learns it expired (and opens the page again).
      if (verdict === 'expired') throw new AppError('FORBIDDEN');
      if (verdict !== 'valid') throw notFound();
      return 'private';
    }
    if (!signer.verifyPublic(fileId, access.signature)) throw notFound();
    return 'public';
  }

  /**
   * Makes a size of a stored image and keeps it. A photo stored before its dimensions were recorded
   * (an older upload, the demo seed) gets them here, so that its next listing carries them.
   */
  async function generateDerived(
    file: { id: number; storageKey: string; width: number | null },
    variant: DerivedVariant,
  ): Promise<Buffer | null> {
    const original = await storage.get(file.storageKey);
    if (!original) return null;
    const bytes = await buffer(original.stream);
    let made;
    try {
      made = await makeDerived(bytes, variant);
      if (file.width === null) await saveImageDimensions(db, file.id, await imageDimensions(bytes));
    } catch (error) {
      // An image we cannot decode has no smaller size; that is a missing resource, not a server fault.
      if (error instanceof UnsupportedImageError) throw notFound();
      throw error;
    }
    await storage.put(derivedKeyOf(file.storageKey, variant), made.data, made.contentType);
    return made.data;
  }

  function derivedOnce(
    file: { id: number; storageKey: string; width: number | null },
    variant: DerivedVariant,
  ): Promise<Buffer | null> {
    const key = derivedKeyOf(file.storageKey, variant);
    let pending = derivedInProgress.get(key);
    if (!pending) {
      pending = generateDerived(file, variant).finally(() => derivedInProgress.delete(key));
      derivedInProgress.set(key, pending);
    }
    return pending;
  }

  return {
    async open(fileId: number, variant: FileVariant, access: FileAccess): Promise<ServedFile> {
      const visibility = checkLink(fileId, access, variant);
      const file = await findStoredFile(db, fileId);
      if (!file) throw notFound();
      // A lasting link opens a vehicle photo only while its announcement is visible to everyone.
      if (
        visibility === 'public' &&
        !(file.visibility === 'public' && file.isPhotoOfPublicAnnonce)
      ) {
        throw notFound();
      }

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
      const served = {
        contentType: derivedContentType(variant),
        visibility,
        isPhoto: file.visibility === 'public',
        fileName: derivedFileName(file.originalFileName, variant),
      };
      const stored = await storage.get(derivedKeyOf(file.storageKey, variant));
      if (stored) return { ...served, stream: stored.stream, size: stored.size };
      // Made at upload for announcement photos; otherwise (older photos, the demo seed, sighting
      // photos) made on first request, then kept.
      const made = await derivedOnce(file, variant);
      if (!made) {
        log.warn({ fileId, storageKey: file.storageKey }, 'stored file has no object in storage');
        throw notFound();
      }
      return { ...served, stream: made, size: made.length };
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
