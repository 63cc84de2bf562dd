import { z } from 'zod';

/** What the server tells the app about where it runs (GET /client-config). */
export const ClientConfigSchema = z.object({
  environmentName: z.string(),
  sentryDsn: z.string().nullable(),
  publicUrl: z.string(),
});
export type ClientConfig = z.infer<typeof ClientConfigSchema>;
