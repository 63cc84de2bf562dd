import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Lampions } from './lampions.service';

const LoopGradeSchema = z.object({
  gradeName: z.string(),
  levelMin: z.number(),
  levelMax: z.number(),
});
const LampionsInfoSchema = z.object({
  lampionsUser: z.number(),
  currentLoop: z.number(),
  nbPointsInCurrentLoop: z.number(),
  currentNbOfPointsInLoop: z.number(),
  currentLoopGrades: z.array(LoopGradeSchema),
  currentGradeName: z.string(),
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

const lampionsRoutes: FastifyPluginAsyncZod<{ lampions: Lampions }> = async (app, { lampions }) => {
  app.get(
    '/user/getUserInfoLampions',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['lampions'],
        summary: "The caller's lampions: count, level, grade, loop and its progress",
        response: { 200: LampionsInfoSchema },
      },
    },
    async (request) => lampions.infoOf(request.currentUser!.userId),
  );
};

export default lampionsRoutes;
