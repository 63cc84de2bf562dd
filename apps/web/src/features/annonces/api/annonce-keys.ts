/** Query keys of the announcement area (catalogue lists included: they only serve the wizard here). */
export const annonceKeys = {
  all: ['annonces'] as const,
  detail: (id: number) => ['annonces', 'detail', id] as const,
  mine: () => ['annonces', 'mine'] as const,
  favorites: () => ['annonces', 'favorites'] as const,
  draftsReady: () => ['annonces', 'drafts-ready'] as const,
  vehicleTypes: () => ['annonces', 'catalog', 'vehicle-types'] as const,
  brands: (vehicleTypeId: number) => ['annonces', 'catalog', 'brands', vehicleTypeId] as const,
  models: (vehicleTypeId: number, brandId: number) =>
    ['annonces', 'catalog', 'models', vehicleTypeId, brandId] as const,
  finishes: (modelId: number) => ['annonces', 'catalog', 'finishes', modelId] as const,
  colors: () => ['annonces', 'reference', 'colors'] as const,
  energies: () => ['annonces', 'reference', 'energies'] as const,
  places: (q: string) => ['annonces', 'geo', q] as const,
};
