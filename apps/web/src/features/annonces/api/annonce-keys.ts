/** Query keys of the announcement area (catalogue lists: lib/catalog-queries). */
export const annonceKeys = {
  all: ['annonces'] as const,
  detail: (id: number) => ['annonces', 'detail', id] as const,
  mine: () => ['annonces', 'mine'] as const,
  favorites: () => ['annonces', 'favorites'] as const,
  draftsReady: () => ['annonces', 'drafts-ready'] as const,
};
