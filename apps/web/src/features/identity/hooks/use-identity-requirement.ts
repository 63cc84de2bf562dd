import { identityAllowsPublishing, type IdentityStatus } from '@app/domain';
import { useCallback } from 'react';
import { useCurrentUserValidation } from '../api/get-current-user-validation';
import { openIdentityDialog } from './identity-dialog-store';

/**
 * The rule "identity is needed to publish and to scan" (docs/product/accounts.md §4, §6), for any feature:
 *
 *   const identity = useIdentityRequirement();
 *   onClick={() => { if (identity.require()) openScanner(); }}
 *
 * `require()` answers true when the identity was sent (under review or accepted); otherwise it
 * opens the identity-to-submit modal and answers false. While the status loads it answers true:
 * the server checks again when the action is sent.
 */
export function useIdentityRequirement() {
  const validation = useCurrentUserValidation();
  const status: IdentityStatus | null = validation.data?.identityStatus ?? null;
  const allowed = status === null || identityAllowsPublishing(status);
  const require = useCallback(() => {
    if (allowed) return true;
    openIdentityDialog('toSubmit');
    return false;
  }, [allowed]);
  return {
    status,
    isLoading: validation.isLoading,
    /** Identity not sent or refused: the search and filter buttons are disabled (docs/product/accounts.md §2). */
    identityToSubmit: status !== null && !identityAllowsPublishing(status),
    require,
  };
}
