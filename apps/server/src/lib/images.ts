import sharp, { type Sharp } from 'sharp';
import { PHOTO_SIZE_CONTENT_TYPE, PHOTO_SIZES, type PhotoSize } from './photo-sizes';

/** Longest side of a stored photo: plenty for a detail page, small enough for a phone's data plan. */
export const PHOTO_MAX_DIMENSION = 2000;
/** Width of the card and list thumbnails (3 cards per row on desktop, 2× for sharp screens). */
export const THUMBNAIL_WIDTH = 480;
export const PHOTO_CONTENT_TYPE = 'image/jpeg';
const JPEG_QUALITY = 82;
const WEBP_QUALITY = 75;
/** What we agree to decode (docs/product/annonces.md §5: png, jpeg, jpg; WebP is what phones share nowadays). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** A decompression bomb guard: 50 megapixels is more than any phone camera produces. */
const MAX_INPUT_PIXELS = 50_000_000;

export interface EncodedImage {
  data: Buffer;
  contentType: typeof PHOTO_CONTENT_TYPE | typeof PHOTO_SIZE_CONTENT_TYPE;
  width: number;
  height: number;
}

/** The bytes are not an image we accept (wrong format, truncated, too large to decode). */
export class UnsupportedImageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UnsupportedImageError';
  }
}

async function encodeJpeg(pipeline: Sharp): Promise<EncodedImage> {
  // sharp writes no metadata unless asked (keepMetadata/withExif): EXIF, GPS, XMP and ICC notes
  // from the phone are dropped here, which is the point.
  const { data, info } = await pipeline
    .jpeg({ quality: JPEG_QUALITY, mozjpeg: false })
    .toBuffer({ resolveWithObject: true });
  return { data, contentType: PHOTO_CONTENT_TYPE, width: info.width, height: info.height };
}

async function openChecked(input: Buffer): Promise<Sharp> {
  const image = sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS });
  let format: string | undefined;
  try {
    format = (await image.metadata()).format;
  } catch (error) {
    throw new UnsupportedImageError('not a readable image', { cause: error });
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new UnsupportedImageError(`image format not accepted: ${format ?? 'unknown'}`);
  }
  return image;
}

/**
 * Turns an uploaded photo into what we store and serve: upright (EXIF orientation applied), at most
 * 2000 px on its longest side, JPEG, with every piece of metadata removed, so that a victim's
 * photo never reveals where it was taken.
 */
export async function reencodePhoto(input: Buffer): Promise<EncodedImage> {
  const image = await openChecked(input);
  try {
    return await encodeJpeg(
      image.autoOrient().resize(PHOTO_MAX_DIMENSION, PHOTO_MAX_DIMENSION, {
        fit: 'inside',
        withoutEnlargement: true,
      }),
    );
  } catch (error) {
    throw new UnsupportedImageError('image could not be decoded', { cause: error });
  }
}

/** A 480 px wide JPEG for cards and lists, also without metadata. */
export async function createThumbnail(input: Buffer): Promise<EncodedImage> {
  const image = await openChecked(input);
  try {
    return await encodeJpeg(
      image.autoOrient().resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }),
    );
  } catch (error) {
    throw new UnsupportedImageError('image could not be decoded', { cause: error });
  }
}

/**
 * One of the WebP sizes of a photo, at most `PHOTO_SIZES[size]` pixels wide (never enlarged), without
 * metadata. The input is normally a stored photo (already upright, already clean), but the same
 * checks as for an upload apply: whatever is in storage is decoded with the same limits.
 */
export async function createPhotoSize(input: Buffer, size: PhotoSize): Promise<EncodedImage> {
  const image = await openChecked(input);
  try {
    const { data, info } = await image
      .autoOrient()
      .resize({ width: PHOTO_SIZES[size], withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { data, contentType: PHOTO_SIZE_CONTENT_TYPE, width: info.width, height: info.height };
  } catch (error) {
    throw new UnsupportedImageError('image could not be decoded', { cause: error });
  }
}

/** Width and height of a stored image, read from its header (nothing is decoded). */
export async function imageDimensions(input: Buffer): Promise<{ width: number; height: number }> {
  const image = await openChecked(input);
  const { width, height } = await image.metadata();
  return { width, height };
}

/**
 * Rasterises an SVG we composed ourselves (demo photos) to a PNG that reencodePhoto accepts. Never
 * call it on user input: SVG is not an accepted upload format.
 */
export async function rasterizeOwnSvg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 0 }).toBuffer();
}
