import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { CardOtherPhoto, VehiclePhoto } from '@app/domain';
import {
  PHOTO_SIZE_CONTENT_TYPE,
  PHOTO_SIZE_NAMES,
  PHOTO_SIZES,
  type PhotoSize,
} from './photo-sizes';

/**
 * Every file link is signed, so that file ids cannot be counted (docs/security.md, "Files"):
 * - a short-lived link (expires + signature) to a private file (identity, registration card,
 *   complaint…) or to the photo of an announcement only its owner sees: a service first checks
 *   that the caller is the owner or an admin, then hands out the link;
 * - a lasting link (signature only) to the photo of an announcement everyone may see: GET
 *   /files/{id} serves it only while that announcement is still visible to everyone.
 */

/** Long enough to open the document, short enough that a leaked link soon stops working. */
export const SIGNED_FILE_URL_LIFETIME_SECONDS = 5 * 60;

/** The stored file, its 480 px JPEG, and its WebP sizes (lib/images.ts PHOTO_SIZES). */
export type FileVariant = 'original' | 'thumbnail' | PhotoSize;

export interface FileUrlSigner {
  /** "/files/12?expires=1790000000&signature=…" (or "/files/12/thumbnail?…", "/files/12/small?…"). */
  signFileUrl(
    fileId: number,
    now: Date,
    options?: { lifetimeSeconds?: number; variant?: FileVariant },
  ): string;
  verify(
    fileId: number,
    expires: number,
    signature: string,
    now: Date,
    variant?: FileVariant,
  ): 'valid' | 'expired' | 'invalid';
  /** "/files/12?signature=…": the lasting link to a photo of an announcement everyone may see. */
  publicFileUrl(fileId: number, variant?: FileVariant): string;
  verifyPublic(fileId: number, signature: string): boolean;
}

/** Lasting photo signatures kept per signer (about 100 bytes each); all dropped when full. */
const PUBLIC_SIGNATURES_KEPT = 100_000;

/** A photo of an owner-only announcement: long enough for a wizard session, then it stops working. */
export const OWNER_PHOTO_URL_LIFETIME_SECONDS = 60 * 60;

function filePath(fileId: number, variant: FileVariant): string {
  return variant === 'original' ? `/files/${fileId}` : `/files/${fileId}/${variant}`;
}

function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  // Same length first: timingSafeEqual throws otherwise, and the length is not a secret.
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A signer keyed by its own key derived from the app's signing secret, so that a file signature can
 * never be replayed as anything else the secret signs.
 */
export function createFileUrlSigner(signingSecret: string): FileUrlSigner {
  const key = Buffer.from(
    hkdfSync('sha256', signingSecret, 'veilleurs', 'signed-file-urls-v1', 32),
  );

  const sign = (fileId: number, expires: number, variant: FileVariant) =>
    createHmac('sha256', key).update(`${variant}:${fileId}:${expires}`).digest('base64url');
  // One lasting signature for every variant of a public photo; "public:" keeps it apart from the
  // short-lived ones. It never changes, and every list signs the photos of its cards: the
  // signatures are kept (the HMACs of a search page's 60 links were a quarter of its CPU, bench).
  const publicSignatures = new Map<number, string>();
  const signPublic = (fileId: number) => {
    let signature = publicSignatures.get(fileId);
    if (signature === undefined) {
      signature = createHmac('sha256', key).update(`public:${fileId}`).digest('base64url');
      if (publicSignatures.size >= PUBLIC_SIGNATURES_KEPT) publicSignatures.clear();
      publicSignatures.set(fileId, signature);
    }
    return signature;
  };

  return {
    signFileUrl(fileId, now, options = {}) {
      const variant = options.variant ?? 'original';
      const lifetime = options.lifetimeSeconds ?? SIGNED_FILE_URL_LIFETIME_SECONDS;
      const expires = Math.floor(now.getTime() / 1000) + lifetime;
      const query = new URLSearchParams({
        expires: String(expires),
        signature: sign(fileId, expires, variant),
      });
      return `${filePath(fileId, variant)}?${query.toString()}`;
    },
    verify(fileId, expires, signature, now, variant = 'original') {
      if (!sameSignature(signature, sign(fileId, expires, variant))) return 'invalid';
      return Math.floor(now.getTime() / 1000) > expires ? 'expired' : 'valid';
    },
    publicFileUrl(fileId, variant = 'original') {
      return `${filePath(fileId, variant)}?signature=${signPublic(fileId)}`;
    },
    verifyPublic(fileId, signature) {
      return sameSignature(signature, signPublic(fileId));
    },
  };
}

const signers = new Map<string, FileUrlSigner>();

/** One signer per secret (deriving the key costs more than signing). */
export function fileUrlSigner(signingSecret: string): FileUrlSigner {
  let signer = signers.get(signingSecret);
  if (!signer) {
    signer = createFileUrlSigner(signingSecret);
    signers.set(signingSecret, signer);
  }
  return signer;
}

export interface PhotoUrlContext {
  /** config.publicUrl: file URLs are absolute (docs/product/annonces.md §3 "Uploaded file"). */
  publicUrl: string;
  signingSecret: string;
  now: Date;
}

/** A stored photo: its id and, once known, its pixel size (stored_files.width and height). */
export interface StoredPhoto {
  id: number;
  width: number | null;
  height: number | null;
}

/** The width of a WebP size of a photo: its nominal width, or less when the photo is narrower. */
function sizeWidth(photo: StoredPhoto, size: PhotoSize): number {
  return photo.width === null ? PHOTO_SIZES[size] : Math.min(photo.width, PHOTO_SIZES[size]);
}

/**
 * The links of an announcement's photo (the contract's id, fileUrl and thumbnailUrl, and since
 * issue 17 its pixel size and WebP sizes for srcset): lasting ones while everyone may see the
 * announcement, short-lived ones (for its owner or the back office, who alone are shown it)
 * otherwise.
 */
export function photoUrls(
  context: PhotoUrlContext,
  photo: StoredPhoto,
  annonceIsPublic: boolean,
): VehiclePhoto {
  const fileId = photo.id;
  const signer = fileUrlSigner(context.signingSecret);
  const link = (variant: FileVariant) =>
    variantUrl(context, signer, fileId, variant, annonceIsPublic);
  return {
    id: fileId,
    fileUrl: link('original'),
    thumbnailUrl: link('thumbnail'),
    width: photo.width,
    height: photo.height,
    sources: PHOTO_SIZE_NAMES.map((size) => ({
      url: link(size),
      type: PHOTO_SIZE_CONTENT_TYPE,
      width: sizeWidth(photo, size),
    })),
  };
}

/**
 * A photo's contract alone (id and fileUrl): a card's photos after the first, which it does not
 * draw.
 */
export function photoLink(
  context: PhotoUrlContext,
  photo: StoredPhoto,
  annonceIsPublic: boolean,
): CardOtherPhoto {
  const signer = fileUrlSigner(context.signingSecret);
  return {
    id: photo.id,
    fileUrl: variantUrl(context, signer, photo.id, 'original', annonceIsPublic),
  };
}

/** A variant's absolute link: lasting for a public announcement's photo, short-lived otherwise. */
function variantUrl(
  context: PhotoUrlContext,
  signer: FileUrlSigner,
  fileId: number,
  variant: FileVariant,
  annonceIsPublic: boolean,
): string {
  return (
    context.publicUrl +
    (annonceIsPublic
      ? signer.publicFileUrl(fileId, variant)
      : signer.signFileUrl(fileId, context.now, {
          variant,
          lifetimeSeconds: OWNER_PHOTO_URL_LIFETIME_SECONDS,
        }))
  );
}

/** One-call form for services: `signFileUrl(app.deps.signingSecret, file.id, clock.now())`. */
export function signFileUrl(
  signingSecret: string,
  fileId: number,
  now: Date,
  options?: { lifetimeSeconds?: number; variant?: FileVariant },
): string {
  return fileUrlSigner(signingSecret).signFileUrl(fileId, now, options);
}
