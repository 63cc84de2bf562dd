import { FOUND_CLOSABLE_STATUSES, type FoundBy } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { annonceKeys } from './annonce-keys';
import { annoncesAnswerSchemas as answers } from './annonces-answer-schemas';

/** "Véhicule retrouvé" (issue 19): signed in (the owner) or through a mail's signed link. */
export type FoundAccess = { kind: 'session'; annonceId: number } | { kind: 'link'; token: string };

export interface FoundChoice {
  foundBy: FoundBy;
  matchReportId?: number | null;
}

export const isClosableAsFound = (status: string) =>
  (FOUND_CLOSABLE_STATUSES as readonly string[]).includes(status);

const foundKey = (access: FoundAccess) =>
  access.kind === 'session'
    ? ([...annonceKeys.all, 'found', access.annonceId] as const)
    : (['found-link', access.token] as const);

/** GET /annonce/foundOptions/{id} or GET /annonce/foundLink?token=… */
export function useFoundOptions(access: FoundAccess, enabled = true) {
  return useQuery({
    queryKey: foundKey(access),
    enabled,
    retry: false,
    queryFn: () =>
      access.kind === 'session'
        ? api.get(`/annonce/foundOptions/${access.annonceId}`, {
            schema: answers.foundOptions,
            silent: true,
          })
        : api.get('/annonce/foundLink', {
            query: { token: access.token },
            schema: answers.foundOptions,
            silent: true,
            anonymous: true,
          }),
  });
}

/** POST /annonce/declareFound or POST /annonce/foundLink. */
export function useDeclareFound(access: FoundAccess) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: FoundChoice) => {
      const body = {
        foundBy: choice.foundBy,
        ...(choice.foundBy === 'WATCHER' ? { matchReportId: choice.matchReportId } : {}),
      };
      return access.kind === 'session'
        ? api.post('/annonce/declareFound', {
            json: { annonceId: access.annonceId, ...body },
            schema: answers.foundResult,
            silent: true,
          })
        : api.post('/annonce/foundLink', {
            json: { token: access.token, ...body },
            schema: answers.foundResult,
            silent: true,
            anonymous: true,
          });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: annonceKeys.all });
      void queryClient.invalidateQueries({ queryKey: foundKey(access) });
    },
  });
}
