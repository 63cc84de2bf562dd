import { EmailSchema } from '@app/domain';
import { z } from 'zod';

// The e-mail pre-check's rule, checked in the answer check worker (auth-form-schemas.ts).
export const PrecheckSchema = z.object({ email: EmailSchema });
export type PrecheckValues = z.input<typeof PrecheckSchema>;
export type PrecheckOutput = z.output<typeof PrecheckSchema>;
