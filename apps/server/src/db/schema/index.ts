export * from './users';
export * from './files';
export * from './catalog';
export * from './geo';
export * from './police-stations';
export * from './annonces';
export * from './auth';
