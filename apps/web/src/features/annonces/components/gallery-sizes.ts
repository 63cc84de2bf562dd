/**
 * How wide the detail page's photo tiles show, as `sizes`: apart from the gallery, so that the
 * early announcement request (api/early-annonce-boot.ts), which runs before any of the app, asks
 * the same file for the first tile. One photo takes the page's width up to 1024 px; with more,
 * the first spans both columns of a phone and each takes a third of a wider screen.
 */
/** From this width several photos show in three columns (gallery.tsx's `md:grid-cols-3`). */
export const GALLERY_COLUMNS_MEDIA = '(min-width: 768px)';

export function galleryTileSizes(count: number, index: number): string {
  if (count === 1) return '(min-width: 1024px) 1024px, 100vw';
  return index === 0 ? '(min-width: 768px) 33vw, 100vw' : '(min-width: 768px) 33vw, 50vw';
}
