// The announcements' answers, fetched apart from the detail page's code by the answer check worker
// (issue 17: zod is not on the announcement's main thread); see lib/off-thread-schema.
import { z } from 'zod';

export {
  AddAnnonceDocumentsResponseSchema,
  AnnonceCardListSchema,
  AnnonceDetailSchema,
  AskToDeleteResponseSchema,
  FoundOptionsSchema,
  FoundResultSchema,
  MyAnnoncesResponseSchema,
  PoliceReportSchema,
  SaveAnnonceResponseSchema,
} from '@app/domain';

/** Deleting a draft, publishing drafts: the contract answers a bare `true`. */
export const TrueAnswerSchema = z.literal(true);
