import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { annonceKeys } from './annonce-keys';
import { annoncesAnswerSchemas as answers } from './annonces-answer-schemas';
import { takeEarlyAnnonce } from './early-annonce';

/**
 * GET /annonce/{id}: the owner gets the full record, others a public view. The first time, the
 * answer may already be on its way: index.html's script asked for it (api/early-annonce-boot.ts).
 */
export const getAnnonce = (id: number) =>
  api.get(`/annonce/${id}`, { schema: answers.detail, silent: true, sent: takeEarlyAnnonce(id) });

export function useAnnonce(id: number | null) {
  return useQuery({
    queryKey: annonceKeys.detail(id ?? 0),
    queryFn: () => getAnnonce(id as number),
    enabled: id !== null,
    // Document links are signed for five minutes.
    staleTime: 60_000,
  });
}

/** GET /annonce/getMyAnnonce: drafts (and refused), in validation, validated. */
export function useMyAnnonces() {
  return useQuery({
    queryKey: annonceKeys.mine(),
    queryFn: () => api.get('/annonce/getMyAnnonce', { schema: answers.mine }),
  });
}

/** GET /annonce/getMyFavorites. */
export function useMyFavorites() {
  return useQuery({
    queryKey: annonceKeys.favorites(),
    queryFn: () => api.get('/annonce/getMyFavorites', { schema: answers.cardList }),
  });
}

/** GET /annonce/getMyDraftAnnonceReadyToPublish: its length is the draft count of the recap. */
export function useDraftsReadyToPublish(enabled = true) {
  return useQuery({
    queryKey: annonceKeys.draftsReady(),
    queryFn: () =>
      api.get('/annonce/getMyDraftAnnonceReadyToPublish', { schema: answers.cardList }),
    enabled,
  });
}

/**
 * POST /annonce/checkStepBeforeSave (drafts up to the mandatory fields, checked through the step)
 * or POST /annonce/saveAnnonceGrandPublic. Silent: a 403 goes under the wizard's field.
 */
export function saveAnnonce(mode: 'checkStep' | 'save', form: FormData) {
  const path =
    mode === 'checkStep' ? '/annonce/checkStepBeforeSave' : '/annonce/saveAnnonceGrandPublic';
  return api.post(path, { multipart: form, schema: answers.saved, silent: true });
}

/** POST /annonce/publishAnnonceGP, form annonceIds "12,13": true when every one went to validation. */
export function publishAnnonces(ids: readonly number[]) {
  return api.post('/annonce/publishAnnonceGP', {
    form: { annonceIds: ids.join(',') },
    schema: answers.done,
    silent: true,
  });
}

/** DELETE /annonce/deleteForUser/{id}: a draft goes at once. */
export function deleteDraft(id: number) {
  return api.delete(`/annonce/deleteForUser/${id}`, { schema: answers.done, silent: true });
}

/** DELETE /annonce/askToDeleteAnnonceGrandPublic/{id}: an admin deletes a published one later. */
export function askToDelete(id: number) {
  return api.delete(`/annonce/askToDeleteAnnonceGrandPublic/${id}`, {
    schema: answers.askedToDelete,
    silent: true,
  });
}
