/** Query keys of the discovery area. */
export const discoveryKeys = {
  all: ['discovery'] as const,
  home: (position: string) => [...discoveryKeys.all, 'home', position] as const,
  top: () => [...discoveryKeys.all, 'top'] as const,
  search: (key: string) => [...discoveryKeys.all, 'search', key] as const,
  mapPoints: (key: string) => [...discoveryKeys.all, 'mapPoints', key] as const,
  sorts: () => [...discoveryKeys.all, 'sorts'] as const,
  options: (objectType: string, search: string, selections: string) =>
    [...discoveryKeys.all, 'options', objectType, search, selections] as const,
  selectedText: (objectType: string, values: string) =>
    [...discoveryKeys.all, 'selectedText', objectType, values] as const,
  alertText: (key: string) => [...discoveryKeys.all, 'alertText', key] as const,
  places: (q: string) => [...discoveryKeys.all, 'places', q] as const,
  reverse: (lat: number, lng: number) => [...discoveryKeys.all, 'reverse', lat, lng] as const,
  stations: (bounds: string) => [...discoveryKeys.all, 'stations', bounds] as const,
  savedSearchFilters: (id: number) => [...discoveryKeys.all, 'savedSearchFilters', id] as const,
};
