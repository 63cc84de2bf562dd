export * from './shared/errors';
export * from './accounts/roles';
