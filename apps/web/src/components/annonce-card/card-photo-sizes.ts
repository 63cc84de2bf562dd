/**
 * How wide a card's photo shows, as `sizes`: apart from the card, so that the early home and search
 * requests (features/discovery/api/early-home-boot.ts, early-search-boot.ts), which run before any
 * of the app, ask the same file.
 */

/** A card in a grid of 1, 2 then 3 columns. */
export const CARD_PHOTO_SIZES = '(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw';
/** A row's thumbnail on a phone is 7 rem (w-28) wide: the smallest size is plenty. */
export const ROW_PHOTO_SIZES = '(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 7rem';
