import { offThreadSchema } from '@/lib/off-thread-schema';

const answers = () => import('./annonces-answers.schema');

/**
 * The announcements' calls, checked off the main thread (lib/off-thread-schema): the detail
 * page's answer is the largest of a signed-in first screen after the home's, and its actions'
 * (found, documents, police report, deletion) come with the page's code.
 */
export const annoncesAnswerSchemas = {
  detail: offThreadSchema('annonces/detail', async () => (await answers()).AnnonceDetailSchema),
  mine: offThreadSchema('annonces/mine', async () => (await answers()).MyAnnoncesResponseSchema),
  cardList: offThreadSchema(
    'annonces/cardList',
    async () => (await answers()).AnnonceCardListSchema,
  ),
  saved: offThreadSchema('annonces/saved', async () => (await answers()).SaveAnnonceResponseSchema),
  done: offThreadSchema('annonces/done', async () => (await answers()).TrueAnswerSchema),
  askedToDelete: offThreadSchema(
    'annonces/askedToDelete',
    async () => (await answers()).AskToDeleteResponseSchema,
  ),
  documentsAdded: offThreadSchema(
    'annonces/documentsAdded',
    async () => (await answers()).AddAnnonceDocumentsResponseSchema,
  ),
  policeReport: offThreadSchema(
    'annonces/policeReport',
    async () => (await answers()).PoliceReportSchema,
  ),
  foundOptions: offThreadSchema(
    'annonces/foundOptions',
    async () => (await answers()).FoundOptionsSchema,
  ),
  foundResult: offThreadSchema(
    'annonces/foundResult',
    async () => (await answers()).FoundResultSchema,
  ),
};
