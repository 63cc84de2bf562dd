import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  createPhotoSize,
  createThumbnail,
  PHOTO_MAX_DIMENSION,
  rasterizeOwnSvg,
  reencodePhoto,
  THUMBNAIL_WIDTH,
  UnsupportedImageError,
} from './images';

/** A phone-like JPEG: camera make, GPS position of the theft victim's home, rotated by EXIF. */
async function phonePhoto(options: { width: number; height: number; orientation?: number }) {
  const image = sharp({
    create: { width: options.width, height: options.height, channels: 3, background: '#3366aa' },
  })
    .withExif({
      IFD0: { Make: 'TestPhoneMaker', Model: 'TestPhone 12' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '43/1 36/1 16/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '1/1 26/1 38/1',
      },
    })
    .jpeg();
  const jpeg = await image.toBuffer();
  if (!options.orientation) return jpeg;
  return sharp(jpeg)
    .keepExif()
    .withMetadata({ orientation: options.orientation })
    .jpeg()
    .toBuffer();
}

describe('reencodePhoto', () => {
  it('drops EXIF, GPS and every other metadata block', async () => {
    const input = await phonePhoto({ width: 640, height: 480 });
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    expect(input.includes('TestPhoneMaker')).toBe(true);

    const output = await reencodePhoto(input);

    const after = await sharp(output.data).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(output.data.includes('TestPhoneMaker')).toBe(false);
    expect(output.data.includes('GPS')).toBe(false);
    expect(output.contentType).toBe('image/jpeg');
  });

  it('applies the EXIF orientation so the photo is upright without it', async () => {
    const input = await phonePhoto({ width: 400, height: 200, orientation: 6 });
    const output = await reencodePhoto(input);
    expect([output.width, output.height]).toEqual([200, 400]);
    expect((await sharp(output.data).metadata()).orientation).toBeUndefined();
  });

  it('bounds the longest side to 2000 px and never enlarges', async () => {
    const large = await sharp({
      create: { width: 4000, height: 1000, channels: 3, background: '#fff' },
    })
      .png()
      .toBuffer();
    const bounded = await reencodePhoto(large);
    expect([bounded.width, bounded.height]).toEqual([PHOTO_MAX_DIMENSION, 500]);

    const small = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#fff' },
    })
      .webp()
      .toBuffer();
    const kept = await reencodePhoto(small);
    expect([kept.width, kept.height]).toEqual([300, 200]);
  });

  it('refuses what is not a PNG, JPEG or WebP image', async () => {
    await expect(reencodePhoto(Buffer.from('%PDF-1.7 not an image'))).rejects.toBeInstanceOf(
      UnsupportedImageError,
    );
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    await expect(reencodePhoto(svg)).rejects.toBeInstanceOf(UnsupportedImageError);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    await expect(reencodePhoto(gif)).rejects.toBeInstanceOf(UnsupportedImageError);
  });

  it('refuses a truncated JPEG instead of storing half a picture', async () => {
    const input = await phonePhoto({ width: 640, height: 480 });
    await expect(reencodePhoto(input.subarray(0, input.length / 2))).rejects.toBeInstanceOf(
      UnsupportedImageError,
    );
  });
});

describe('createThumbnail', () => {
  it('is 480 px wide, keeps the ratio and carries no metadata', async () => {
    const thumbnail = await createThumbnail(await phonePhoto({ width: 1200, height: 800 }));
    expect([thumbnail.width, thumbnail.height]).toEqual([THUMBNAIL_WIDTH, 320]);
    expect((await sharp(thumbnail.data).metadata()).exif).toBeUndefined();
  });
});

describe('rasterizeOwnSvg', () => {
  it('gives a PNG that reencodePhoto accepts at the SVG size', async () => {
    const png = await rasterizeOwnSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="#c00"/></svg>',
    );
    const photo = await reencodePhoto(png);
    expect([photo.width, photo.height]).toEqual([1200, 800]);
  });
});

describe('createPhotoSize', () => {
  it('makes WebP sizes at most 480, 800 and 1280 px wide, never enlarged, without metadata', async () => {
    const input = await phonePhoto({ width: 1600, height: 1200 });
    const small = await createPhotoSize(input, 'small');
    const medium = await createPhotoSize(input, 'medium');
    const large = await createPhotoSize(input, 'large');
    expect([small.width, small.height, small.contentType]).toEqual([480, 360, 'image/webp']);
    expect([medium.width, medium.height]).toEqual([800, 600]);
    expect([large.width, large.height]).toEqual([1280, 960]);
    for (const made of [small, medium, large]) {
      const metadata = await sharp(made.data).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(made.data.includes('TestPhoneMaker')).toBe(false);
    }
    const narrow = await createPhotoSize(await phonePhoto({ width: 300, height: 200 }), 'large');
    expect([narrow.width, narrow.height]).toEqual([300, 200]);
  });

  it('refuses what is not an accepted image', async () => {
    await expect(createPhotoSize(Buffer.from('<svg/>'), 'small')).rejects.toBeInstanceOf(
      UnsupportedImageError,
    );
  });
});
