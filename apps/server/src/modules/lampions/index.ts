import type { FastifyInstance } from 'fastify';
import lampionsRoutes from './lampions.routes';
import { createLampions } from './lampions.service';

export { createLampions, type LampionAward, type Lampions } from './lampions.service';

/** The lampion ledger and GET /user/getUserInfoLampions (issue 4). */
export default async function lampionsModule(app: FastifyInstance) {
  const { database, clock } = app.deps;
  await app.register(lampionsRoutes, { lampions: createLampions({ db: database.db, clock }) });
}
