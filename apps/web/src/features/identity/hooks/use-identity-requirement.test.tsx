import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn } from '@/testing/test-utils';
import { json, stubFetch } from '@/testing/fetch-stub';
import { closeIdentityDialog, useOpenIdentityDialog } from './identity-dialog-store';
import { useIdentityRequirement } from './use-identity-requirement';

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function renderRequirement(identityStatus: string) {
  signIn();
  stubFetch({
    'GET /user/getCurrentUserValidation': () =>
      json({
        needValidation: identityStatus === 'NOT_SUBMITTED' || identityStatus === 'REFUSED',
        identityStatus,
      }),
  });
  return renderHook(() => ({ identity: useIdentityRequirement(), open: useOpenIdentityDialog() }), {
    wrapper,
  });
}

afterEach(() => closeIdentityDialog());

describe('useIdentityRequirement', () => {
  it.each(['NOT_SUBMITTED', 'REFUSED'])(
    'blocks publishing and scanning while the identity is %s, opening the identity modal',
    async (status) => {
      const { result } = renderRequirement(status);
      await waitFor(() => expect(result.current.identity.status).toBe(status));
      expect(result.current.identity.identityToSubmit).toBe(true);
      let allowed = true;
      act(() => {
        allowed = result.current.identity.require();
      });
      expect(allowed).toBe(false);
      expect(result.current.open).toBe('toSubmit');
    },
  );

  it.each(['IN_PROGRESS', 'ACCEPTED'])(
    'lets the action go on when the identity is %s',
    async (status) => {
      const { result } = renderRequirement(status);
      await waitFor(() => expect(result.current.identity.status).toBe(status));
      let allowed = false;
      act(() => {
        allowed = result.current.identity.require();
      });
      expect(allowed).toBe(true);
      expect(result.current.open).toBeNull();
    },
  );
});
