import type { FastifyInstance } from 'fastify';
import lampionsRoutes from './lampions.routes';
import type { Lampions } from './lampions.service';

export { createLampions, type LampionAward, type Lampions } from './lampions.service';
export { lampionTotalOf } from './lampions.repository';

/** The lampion ledger and GET /user/getUserInfoLampions (issue 4). */
export default async function lampionsModule(
  app: FastifyInstance,
  options: { lampions: Lampions },
) {
  await app.register(lampionsRoutes, { lampions: options.lampions });
}
