import { z } from 'zod';

/** Answer of the login and token-refresh calls (docs/product/founders-decisions.md, "login call"). */
export const TokenAnswerSchema = z.object({
  username: z.string(),
  roles: z.array(z.string()),
  token_type: z.string(),
  access_token: z.string().min(1),
  expires_in: z.number(),
  refresh_token: z.string().min(1),
});
export type TokenAnswer = z.infer<typeof TokenAnswerSchema>;
