import { z } from 'zod';

/** One entry of a select box: the stored value and the label in the caller's language. */
export const OptionSchema = z.object({ value: z.string(), text: z.string() });
export const OptionListSchema = z.array(OptionSchema);

/** GET /home/getEnvironmentLinks: the professional site and the public site. */
export const EnvironmentLinksSchema = z.object({ proUrlLink: z.string(), gpUrlLink: z.string() });
export type EnvironmentLinks = z.infer<typeof EnvironmentLinksSchema>;

/** GET /home/getEnvironmentName: the environment name as a JSON string ("development", "production"…). */
export const EnvironmentNameSchema = z.string();
