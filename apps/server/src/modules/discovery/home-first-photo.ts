import type { HomeGroup } from '@app/domain';

/**
 * The header naming the home's first photo: the first row's first card with a photo, its rank in
 * the row and its sizes, as JSON. The page's early home script (apps/web early-home-boot.ts) asks
 * that photo, the home's largest paint, as soon as the answer's headers are in: reading it from the
 * body waited, one load in three, behind the app's scripts' evaluation on a phone
 * (bench/results/web-2026-12-04-s44-notes.md).
 */
export const HOME_FIRST_PHOTO_HEADER = 'home-first-photo';

/** The header for these home groups; none when the first row has no photo. */
export function homeFirstPhotoHeaders(
  groups: readonly Pick<HomeGroup, 'annonces'>[],
): Record<string, string> {
  const cards = groups[0]?.annonces ?? [];
  const rank = cards.findIndex((card) => card.vehicleFiles.length > 0);
  if (rank < 0) return {};
  const sources = cards[rank]!.vehicleFiles[0]!.sources;
  if (sources.length === 0) return {};
  const value = JSON.stringify({ rank, sources });
  // A header holds visible ASCII only (a file address of another form goes without the hint).
  return /^[\x20-\x7e]*$/.test(value) ? { [HOME_FIRST_PHOTO_HEADER]: value } : {};
}
