export * from './vehicle-types';
export * from './catalog-name';
export * from './catalog.schemas';
