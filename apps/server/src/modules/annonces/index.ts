import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { createGeocoder } from '../../adapters/geocoder-factory';
import { ANNONCE_UPLOAD_LIMITS } from './annonce-files';
import { createAnnonceDeleteService } from './annonce-delete.service';
import { createAnnonceFoundService } from './annonce-found.service';
import annonceFoundRoutes from './annonce-found.routes';
import type { Notifier } from '../notifications/index';
import { createAnnonceDocumentsService } from './annonce-documents.service';
import { createAnnonceDetailService } from './annonce-detail.service';
import { createAnnoncePublishService } from './annonce-publish.service';
import { createAnnonceQueriesService } from './annonce-queries.service';
import { createAnnonceSaveService } from './annonce-save.service';
import annonceExtrasRoutes from './annonce-extras.routes';
import { createAnnonceFlyerService } from './annonce-flyer';
import { createPoliceReportService } from './annonce-police-report';
import annonceRoutes from './annonce.routes';
import { createFavouritesService } from './favourites.service';

// What the other modules may use of this one (docs/architecture.md, "Module boundaries").
export { loadOwnAnnonce, type CurrentUser } from './annonce-access';
export {
  annonceTitle,
  loadAnnonceCards,
  loadAnnonceCardsWithOwners,
  loadPhotos,
} from './annonce-card.presenter';
export { deleteObjects } from './annonce-files';
// The demo seed prepares its photos as an upload would (same JPEG, same WebP sizes).
export { preparePhoto, storePreparedFile, type PreparedFile } from './annonce-files';
// The history of an announcement, which the completion-deadlines job also writes to.
export { recordAnnonceEvents } from './annonce-events';
export { loadSharePreview, sharePreviewPage } from './annonce-share-preview';
// The vehicle checks of the wizard, which a match report applies to the vehicle it describes.
export {
  findVehicleType,
  isBrandOfferedForType,
  isFinishOf,
  isModelOf,
} from './annonce.repository';

/** Announcements: the wizard's save, publication, my lists, favourites, detail and deletion. */
const annoncesModule: FastifyPluginAsync<{ notifier: Notifier }> = async (app, options) => {
  const { config, database, storage, clock, signingSecret } = app.deps;
  const db = database.db;
  // Scoped to this module: the wizard's form is the only multipart body here.
  await app.register(multipart, { limits: ANNONCE_UPLOAD_LIMITS });
  const services = {
    save: createAnnonceSaveService({
      db,
      storage,
      clock,
      geocoder: createGeocoder(config, db),
      log: app.log,
    }),
    publish: createAnnoncePublishService({ db, clock }),
    queries: createAnnonceQueriesService({
      db,
      clock,
      publicUrl: config.publicUrl,
      signingSecret,
    }),
    favourites: createFavouritesService({ db }),
    detail: createAnnonceDetailService({ db, clock, publicUrl: config.publicUrl, signingSecret }),
    deletion: createAnnonceDeleteService({ db, storage, clock, log: app.log }),
    documents: createAnnonceDocumentsService({ db, storage, clock, log: app.log }),
  };
  await app.register(annonceRoutes, { services });
  await app.register(annonceFoundRoutes, {
    found: createAnnonceFoundService({
      db,
      clock,
      notifier: options.notifier,
      signingSecret,
    }),
  });
  await app.register(annonceExtrasRoutes, {
    flyer: createAnnonceFlyerService({ db, storage, publicUrl: config.publicUrl, log: app.log }),
    policeReport: createPoliceReportService({ db }),
  });
};

export default annoncesModule;
