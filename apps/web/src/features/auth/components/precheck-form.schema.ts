import { zodResolver } from '@hookform/resolvers/zod';
import { EmailSchema } from '@app/domain';
import { z } from 'zod';

// The e-mail pre-check's rule, fetched apart from the form's code (issue 17), see lib/lazy-resolver.
const PrecheckSchema = z.object({ email: EmailSchema });
export type PrecheckValues = z.input<typeof PrecheckSchema>;
export type PrecheckOutput = z.output<typeof PrecheckSchema>;

export const precheckResolver = zodResolver(PrecheckSchema);
