/**
 * Cards a home row draws before it is scrolled, focused or touched: the three a desktop shows side
 * by side; on a phone the first one and the one that peeks in. The other nine come with the first
 * use. Apart from the row, for the early home request (api/early-home-boot.ts), which runs alone.
 */
export const CARDS_BEFORE_USE = 3;
