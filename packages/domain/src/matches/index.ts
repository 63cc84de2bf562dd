export * from './match-status';
export * from './match.constants';
export * from './identifier-match';
export * from './match.schemas';
export * from './message-keys';
