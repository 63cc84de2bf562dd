import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { deviceFromHeader, setUpRateLimits } from '../auth/index';
import type { Lampions } from '../lampions/index';
import type { Notifier } from '../notifications/index';
import { createMatchCheckService } from './match-check.service';
import { MATCH_UPLOAD_LIMITS } from './match-files';
import { createMatchListsService } from './match-lists.service';
import { createMatchReportService } from './match-report.service';
import matchesRoutes from './matches.routes';
import { registerOcrAssets } from './ocr-assets';

/** Matches: identifier checks, match reports (verify match), my matches and MatchShow. */
const matchesModule: FastifyPluginAsync<{ lampions: Lampions; notifier: Notifier }> = async (
  app,
  { lampions, notifier },
) => {
  const { config, database, storage, clock, signingSecret } = app.deps;
  const db = database.db;
  // Scoped to this module: the verify-match form is its only multipart body.
  await app.register(multipart, { limits: MATCH_UPLOAD_LIMITS });
  const services = {
    check: createMatchCheckService({ db, clock, lampions, notifier, log: app.log }),
    report: createMatchReportService({
      db,
      clock,
      storage,
      lampions,
      notifier,
      log: app.log,
    }),
    lists: createMatchListsService({ db, clock, publicUrl: config.publicUrl, signingSecret }),
  };
  // Per address and per device, shared by every instance through Redis when REDIS_URL is set.
  const limit = await setUpRateLimits(app);
  const checkLimits = [
    limit('identifierCheck', deviceFromHeader),
    limit('identifierCheckDaily', deviceFromHeader),
  ];
  await app.register(matchesRoutes, { services, checkLimits });
  // Public: the OCR files hold no user data, and the worker cannot send a bearer token.
  registerOcrAssets(app, path.resolve(config.WEB_DIST_DIR, '..'));
};

export default matchesModule;
