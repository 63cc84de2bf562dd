// The favourite heart's answer, fetched apart from the card's code (use-toggle-favorite).
export { UpdateFavorisResponseSchema } from '@app/domain';
