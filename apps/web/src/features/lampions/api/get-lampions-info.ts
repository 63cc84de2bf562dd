import { GRADE_NAMES } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

const LampionsInfoSchema = z.object({
  lampionsUser: z.number(),
  currentLoop: z.number(),
  nbPointsInCurrentLoop: z.number(),
  currentNbOfPointsInLoop: z.number(),
  currentLoopGrades: z.array(
    z.object({ gradeName: z.enum(GRADE_NAMES), levelMin: z.number(), levelMax: z.number() }),
  ),
  currentGradeName: z.enum(GRADE_NAMES),
  currentLevelNumber: z.number(),
  currentNbOfPoints: z.number(),
  nbPointsInCurrentLevel: z.number(),
  loops: z.array(
    z.object({
      number: z.number(),
      name: z.string(),
      levelMin: z.number(),
      levelMax: z.number(),
      isCurrent: z.boolean(),
      isDone: z.boolean(),
    }),
  ),
});
export type LampionsInfoAnswer = z.infer<typeof LampionsInfoSchema>;

/** GET /user/getUserInfoLampions. */
export function useLampionsInfo() {
  return useQuery({
    queryKey: ['lampions', 'info'],
    // Silent: the page shows its own error in place of the figures.
    queryFn: () =>
      api.get('/user/getUserInfoLampions', { schema: LampionsInfoSchema, silent: true }),
  });
}
