import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiError } from './api-client';

export const queryConfig = {
  queries: {
    staleTime: 30_000,
    // A 4xx will not change by asking again; a lost connection or a 5xx may.
    retry: (failureCount, error) =>
      failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  },
  mutations: { retry: false },
} satisfies DefaultOptions;

export function createQueryClient(defaultOptions: DefaultOptions = queryConfig) {
  return new QueryClient({ defaultOptions });
}
