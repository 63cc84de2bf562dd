export * from './payment-rules';
export * from './payments.schemas';
