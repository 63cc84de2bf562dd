import { ScannedIdentifierSchema } from '@app/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { openIdentityDialog } from '@/features/identity/hooks/identity-dialog-store';
import { useIdentityRequirement } from '@/features/identity/hooks/use-identity-requirement';
import { VerifyMatch } from '@/features/matches/components/verify-match';
import { ScanFlow } from '@/features/scan/components/scan-flow';
import { Button } from '@/components/ui/button';

function numberParam(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** The scanned identifier of the query string, when it names an announcement to report on. */
function scannedFrom(params: URLSearchParams) {
  const raw = params.get('scannedIdentifier');
  if (!raw) return null;
  try {
    const parsed = ScannedIdentifierSchema.safeParse(JSON.parse(raw));
    if (!parsed.success || !parsed.data.annonceId) return null;
    return { ...parsed.data, annonceId: parsed.data.annonceId };
  } catch {
    return null;
  }
}

/**
 * /match/verifyMatch (individual roles). With a scanned identifier naming an announcement (after a
 * check, or "insist"), the 2-step report; without, the scan itself ("check a match" from the
 * menu, "try to match" from an announcement with its annonceId).
 */
export function VerifyMatchRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const identity = useIdentityRequirement();
  const scanned = scannedFrom(params);
  const annonceId = numberParam(params.get('annonceId'));
  // Arriving here opens the scan at once, as soon as the identity status is known; with an
  // identity to submit, the identity modal opens instead (docs/product/discovery.md §2 "Scan menu modal").
  const [scanState, setScanState] = useState<'auto' | boolean>('auto');
  const autoReady = scanned === null && !identity.isLoading;
  const scanOpen = scanState === 'auto' ? autoReady && !identity.identityToSubmit : scanState;
  const askedIdentity = useRef(false);
  useEffect(() => {
    if (scanState === 'auto' && autoReady && identity.identityToSubmit && !askedIdentity.current) {
      // After the shell's own effect, which closes the identity modals on every navigation.
      const timer = setTimeout(() => {
        askedIdentity.current = true;
        openIdentityDialog('toSubmit');
      }, 0);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [scanState, autoReady, identity.identityToSubmit]);
  const lat = numberParam(params.get('lat'));
  const lng = numberParam(params.get('lng'));

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5 px-4 py-5 md:py-8">
      <h1 className="text-2xl font-bold text-night-900 md:text-3xl">
        {t('page.verifyMatch.title')}
      </h1>
      {scanned ? (
        <VerifyMatch
          key={params.toString()}
          scanned={scanned}
          identifier={params.get('identifier')}
          didInsist={params.get('didInsist') === 'true'}
          position={lat !== null && lng !== null ? { latitude: lat, longitude: lng } : null}
          onQuit={() => void navigate(-1)}
          onAddBankDetails={() => void navigate(paths.profileEdit.getHref())}
          onDone={() => void navigate(paths.myMatches.getHref())}
          onIdentityRequired={() => openIdentityDialog('toSubmit')}
        />
      ) : (
        <>
          <p className="text-night-800">{t('scan.page.intro')}</p>
          <div>
            <Button onClick={() => setScanState(identity.require())}>{t('scan.page.open')}</Button>
          </div>
          <ScanFlow
            open={scanOpen}
            onOpenChange={setScanState}
            annonceId={annonceId}
            requireIdentity={identity.require}
            onIdentityRequired={() => openIdentityDialog('toSubmit')}
          />
        </>
      )}
    </div>
  );
}
