import { HomeInfosSchema } from '@app/domain';
import type { z } from 'zod';

// The shell's home-information answer, fetched apart from the shell's code (get-home-infos).
export { HomeInfosSchema };
export type HomeInfos = z.infer<typeof HomeInfosSchema>;
