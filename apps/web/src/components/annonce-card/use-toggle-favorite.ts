import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '@/lib/api-client';
import { favoriteAnswerSchemas } from './favorite-answer-schemas';

/**
 * The favourite heart (POST /annonce/updateFavoris, form annonceId): the heart changes at once and
 * goes back if the server refuses; the server's answer is the truth.
 */
export function useToggleFavorite(
  annonceId: number,
  initial: boolean,
  onChange?: (annonceId: number, favorite: boolean) => void,
) {
  const [favorite, setFavorite] = useState(initial);
  const mutation = useMutation({
    mutationFn: () =>
      api.post('/annonce/updateFavoris', {
        form: { annonceId },
        schema: favoriteAnswerSchemas.updateFavoris,
      }),
    onMutate: () => {
      const previous = favorite;
      setFavorite(!previous);
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context) setFavorite(context.previous);
    },
    onSuccess: (answer) => {
      setFavorite(answer.annonceFavorite);
      onChange?.(annonceId, answer.annonceFavorite);
    },
  });
  return { favorite, toggle: () => mutation.mutate(), isPending: mutation.isPending };
}
