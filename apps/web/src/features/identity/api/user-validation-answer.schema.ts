// The identity-validation answer, fetched apart from the code that asks it.
export { CurrentUserValidationSchema } from '@app/domain';
