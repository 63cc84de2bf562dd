/**
 * The sizes a photo is served in besides its JPEG (issue 17), in WebP: every browser the app
 * supports decodes it, and sharp (already here for the re-encoding) writes it fast enough to make
 * its sizes during the upload (0.2 s for a 2000 px photo where AVIF took 9 s, measured with sharp
 * 0.35 on this project's machine).
 * `small` fills a gallery tile or a desktop card (2× a 240 px tile), `medium` a phone-wide card at
 * 2× (a 360 px card on a phone of about 2× density needs ~720 px: 1280 would be twice the bytes),
 * `large` the detail page and the full-screen viewer of a phone or a laptop.
 */
export const PHOTO_SIZES = { small: 480, medium: 800, large: 1280 } as const;
export type PhotoSize = keyof typeof PHOTO_SIZES;
export const PHOTO_SIZE_NAMES = Object.keys(PHOTO_SIZES) as PhotoSize[];
export const PHOTO_SIZE_CONTENT_TYPE = 'image/webp';
