import { MatchResultSchema, type MatchResult, type ScannedIdentifierInput } from '@app/domain';
import { api } from '@/lib/api-client';

/**
 * POST /scannedIdentifier/getMatchResult (form: scannedIdentifier JSON). Silent: the scan flow
 * shows its own answers (identity modal, rate limit, field messages).
 */
export function checkIdentifier(scanned: ScannedIdentifierInput): Promise<MatchResult> {
  return api.post('/scannedIdentifier/getMatchResult', {
    form: { scannedIdentifier: JSON.stringify(scanned) },
    schema: MatchResultSchema,
    silent: true,
  });
}
