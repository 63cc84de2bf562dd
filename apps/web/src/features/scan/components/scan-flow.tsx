import {
  checkIdentifier as checkIdentifierFormat,
  formatLicensePlate,
  IDENTIFIER_FIELDS,
  IDENTIFIER_TYPES,
  OCR_IDENTIFIER_TYPES,
  sanitizeIdentifierInput,
  type IdentifierType,
  type MatchResult,
  type ScannedIdentifierInput,
} from '@app/domain';
import { Camera, Loader2, Mic, ScanSearch } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { FieldError, FormError, Input, Label, Select } from '@/components/ui/form';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { checkIdentifier } from '../api/check-identifier';
import { currentPosition } from '@/lib/geolocation';
import { isSpeechRecognitionAvailable, listenForIdentifier } from '../lib/speech';
import { SafetyNotice } from './safety-notice';

/** Catalogue keys per identifier type (keys are literal so the catalogue check sees them). */
const TYPE_KEYS: Record<IdentifierType, { option: string; label: string; placeholder: string }> = {
  LICENCE_PLATE: {
    option: 'scan.type.LICENCE_PLATE',
    label: 'scan.identifier.LICENCE_PLATE',
    placeholder: 'scan.placeholder.LICENCE_PLATE',
  },
  VIN: {
    option: 'scan.type.VIN',
    label: 'scan.identifier.VIN',
    placeholder: 'scan.placeholder.VIN',
  },
  BICYCODE: {
    option: 'scan.type.BICYCODE',
    label: 'scan.identifier.BICYCODE',
    placeholder: 'scan.placeholder.BICYCODE',
  },
  WINDOW_ENGRAVING: {
    option: 'scan.type.WINDOW_ENGRAVING',
    label: 'scan.identifier.WINDOW_ENGRAVING',
    placeholder: 'scan.placeholder.WINDOW_ENGRAVING',
  },
  SERIAL_NUMBER: {
    option: 'scan.type.SERIAL_NUMBER',
    label: 'scan.identifier.SERIAL_NUMBER',
    placeholder: 'scan.placeholder.SERIAL_NUMBER',
  },
};

const RESULT_KEYS = {
  success: { title: 'scan.result.success.title', text: 'scan.result.success.text' },
  close: { title: 'scan.result.close.title', text: 'scan.result.close.text' },
  failure: { title: 'scan.result.failure.title', text: 'scan.result.failure.text' },
} as const;

// The camera and its OCR library load only when the camera button is pressed.
const CameraReader = lazy(() => import('./camera-reader'));

export interface ScanFlowProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The announcement the check starts from ("try to match"): the one "insist" reports on. */
  annonceId?: number | null;
  /** The identity rule: answers false (and opens the identity modal) when one must be sent. */
  requireIdentity: () => boolean;
  /** The server says an identity is needed after all. */
  onIdentityRequired: () => void;
}

interface Outcome {
  result: MatchResult;
  scanned: ScannedIdentifierInput;
  display: string;
  /** The announcement "insist" would report on. */
  insistAnnonceId: number | null;
}

/** How the identifier was given, for isOcr / isVocalCommand / isText. */
type Source = 'text' | 'ocr' | 'voice';

/**
 * The scan: the menu modal (type, identifier with its format check, position), the camera and
 * voice helpers, then the result modal (success, close match or failure, with "insist") that
 * leads to VerifyMatch (docs/product/discovery.md §2 and §4).
 */
export function ScanFlow({
  open,
  onOpenChange,
  annonceId = null,
  requireIdentity,
  onIdentityRequired,
}: ScanFlowProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const ids = { type: useId(), identifier: useId(), error: useId(), position: useId() };
  const inputRef = useRef<HTMLInputElement>(null);
  const [type, setType] = useState<IdentifierType>('LICENCE_PLATE');
  const [value, setValue] = useState('');
  const [source, setSource] = useState<Source>('text');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [usePosition, setUsePosition] = useState(true);
  const [camera, setCamera] = useState(false);
  const [listening, setListening] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const speech = isSpeechRecognitionAvailable();

  function reset() {
    setError(null);
    setFormError(null);
    setCamera(false);
  }

  function close() {
    reset();
    onOpenChange(false);
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (waiting) return;
    const checked = checkIdentifierFormat(type, value);
    if (!checked.ok) {
      setError(checked.messageKey);
      inputRef.current?.focus();
      return;
    }
    if (!requireIdentity()) {
      close();
      return;
    }
    setWaiting(true);
    setError(null);
    setFormError(null);
    const position = usePosition ? await currentPosition() : null;
    const scanned: ScannedIdentifierInput = {
      identifierType: type,
      [IDENTIFIER_FIELDS[type]]: checked.identifier,
      annonceId,
      latitude: position?.latitude ?? null,
      longitude: position?.longitude ?? null,
      date: Date.now(),
      isOcr: source === 'ocr',
      isVocalCommand: source === 'voice',
      isText: source === 'text',
    };
    const display =
      type === 'LICENCE_PLATE' ? formatLicensePlate(checked.identifier) : checked.identifier;
    // docs/product/discovery.md §4: the menu closes while the check runs, then the result shows.
    onOpenChange(false);
    try {
      const result = await checkIdentifier(scanned);
      setOutcome({
        result,
        scanned,
        display,
        insistAnnonceId: result.closeMatchAnnonceId ?? annonceId,
      });
      setValue('');
      setSource('text');
    } catch (caught) {
      if (caught instanceof ApiError) {
        if (caught.messageKey === 'identity.required.error') {
          onIdentityRequired();
        } else if (caught.status === 403 && caught.invalidField) {
          setError(caught.messageKey);
          onOpenChange(true);
        } else {
          setFormError(caught.status === 0 ? 'error.network' : caught.messageKey);
          onOpenChange(true);
        }
      } else {
        // docs/product/discovery.md §8: a scan failure without an answer is only logged.
        console.warn('identifier check failed', caught);
        setFormError('error.generic');
        onOpenChange(true);
      }
    } finally {
      setWaiting(false);
    }
  }

  async function listen() {
    setListening(true);
    const heard = await listenForIdentifier(i18n.language);
    setListening(false);
    if (heard) {
      setValue(sanitizeIdentifierInput(type, heard));
      setSource('voice');
      setError(null);
    } else {
      setFormError('scan.voice.nothingHeard');
    }
  }

  function goVerify(target: number, didInsist: boolean) {
    if (!outcome) return;
    const scanned = { ...outcome.scanned, annonceId: target };
    setOutcome(null);
    void navigate(
      paths.verifyMatch.getHref({
        scannedIdentifier: JSON.stringify(scanned),
        identifier: outcome.display,
        didInsist: didInsist ? 'true' : undefined,
        lat: outcome.scanned.latitude ?? undefined,
        lng: outcome.scanned.longitude ?? undefined,
      }),
    );
  }

  const canUseCamera = OCR_IDENTIFIER_TYPES.includes(type);

  return (
    <>
      <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
        <DialogContent title={t('scan.menu.title')} description={t('scan.menu.description')}>
          {camera ? (
            <Suspense fallback={<p role="status">{t('scan.camera.starting')}</p>}>
              <CameraReader
                type={type}
                onCancel={() => setCamera(false)}
                onConfirm={(identifier) => {
                  setValue(type === 'LICENCE_PLATE' ? formatLicensePlate(identifier) : identifier);
                  setSource('ocr');
                  setError(null);
                  setCamera(false);
                }}
              />
            </Suspense>
          ) : (
            <form
              noValidate
              onSubmit={(event) => void submit(event)}
              className="flex flex-col gap-4"
            >
              <div>
                <Label htmlFor={ids.type}>{t('scan.menu.type')}</Label>
                <Select
                  id={ids.type}
                  value={type}
                  onChange={(event) => {
                    setType(event.target.value as IdentifierType);
                    setValue('');
                    setError(null);
                    setSource('text');
                  }}
                >
                  {IDENTIFIER_TYPES.map((option) => (
                    <option key={option} value={option}>
                      {t(TYPE_KEYS[option].option)}
                    </option>
                  ))}
                </Select>
              </div>
              <div>
                <Label htmlFor={ids.identifier}>{t(TYPE_KEYS[type].label)}</Label>
                <div className="flex gap-2">
                  <Input
                    ref={inputRef}
                    id={ids.identifier}
                    value={value}
                    invalid={error !== null}
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    aria-describedby={error ? ids.error : undefined}
                    placeholder={t(TYPE_KEYS[type].placeholder)}
                    onChange={(event) => {
                      setValue(sanitizeIdentifierInput(type, event.target.value));
                      setSource('text');
                      setError(null);
                    }}
                    onBlur={() => {
                      if (type === 'LICENCE_PLATE' && value) setValue(formatLicensePlate(value));
                    }}
                  />
                  {canUseCamera ? (
                    <Button
                      variant="secondary"
                      size="icon"
                      aria-label={t('scan.camera.open')}
                      onClick={() => {
                        setFormError(null);
                        setCamera(true);
                      }}
                    >
                      <Camera aria-hidden="true" className="size-5" />
                    </Button>
                  ) : null}
                  {speech ? (
                    <Button
                      variant="secondary"
                      size="icon"
                      aria-label={t('scan.voice.open')}
                      aria-pressed={listening}
                      disabled={listening}
                      onClick={() => void listen()}
                    >
                      <Mic
                        aria-hidden="true"
                        className={cn('size-5', listening && 'text-red-600')}
                      />
                    </Button>
                  ) : null}
                </div>
                <FieldError id={ids.error}>{error ? t(error) : null}</FieldError>
                {source === 'ocr' && value ? (
                  <p className="mt-1 text-xs text-slate-600">{t('scan.camera.readHint')}</p>
                ) : null}
              </div>
              <div className="flex items-center justify-between gap-3">
                <span id={ids.position} className="text-sm font-medium text-night-900">
                  {t('scan.menu.usePosition')}
                </span>
                <button
                  type="button"
                  role="switch"
                  aria-checked={usePosition}
                  aria-labelledby={ids.position}
                  onClick={() => setUsePosition((on) => !on)}
                  className={cn(
                    'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors',
                    'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-lantern-500',
                    usePosition ? 'bg-emerald-600' : 'bg-night-300',
                  )}
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      'inline-block size-5 rounded-full bg-white shadow transition-transform',
                      usePosition ? 'translate-x-6' : 'translate-x-1',
                    )}
                  />
                </button>
              </div>
              <FormError>{formError ? t(formError) : null}</FormError>
              <Button type="submit" disabled={waiting}>
                {waiting ? (
                  <Loader2 aria-hidden="true" className="size-4 animate-spin" />
                ) : (
                  <ScanSearch aria-hidden="true" className="size-4" />
                )}
                {t('scan.menu.submit')}
              </Button>
            </form>
          )}
        </DialogContent>
      </Dialog>
      {waiting && !open ? (
        <p role="status" className="sr-only">
          {t('scan.menu.waiting')}
        </p>
      ) : null}
      <ScanResultDialog
        outcome={outcome}
        onClose={() => setOutcome(null)}
        onRetry={() => {
          setOutcome(null);
          onOpenChange(true);
        }}
        onVerify={goVerify}
      />
    </>
  );
}

function ScanResultDialog({
  outcome,
  onClose,
  onRetry,
  onVerify,
}: {
  outcome: Outcome | null;
  onClose: () => void;
  onRetry: () => void;
  onVerify: (annonceId: number, didInsist: boolean) => void;
}) {
  const { t } = useTranslation();
  const result = outcome?.result;
  const kind = !result
    ? 'failure'
    : result.annonceId
      ? 'success'
      : result.isCloseMatch
        ? 'close'
        : 'failure';
  const shownAnnonceId = result?.annonceId ?? result?.closeMatchAnnonceId ?? null;
  return (
    <Dialog open={outcome !== null} onOpenChange={(next) => (next ? undefined : onClose())}>
      {outcome ? (
        <DialogContent title={t(RESULT_KEYS[kind].title)}>
          <div className="flex flex-col gap-4">
            {/* Safety first, before any other word (issue 19). */}
            {kind !== 'failure' ? (
              <SafetyNotice isBike={outcome.scanned.identifierType === 'BICYCODE'} />
            ) : null}
            <p className="text-sm text-night-800">
              {t(RESULT_KEYS[kind].text, { identifier: outcome.display })}
            </p>
            {result && result.lampionsGained > 0 ? (
              <p className="rounded-lg bg-lantern-50 px-3 py-2 text-sm font-medium text-lantern-900">
                {t('scan.result.lampions', { count: result.lampionsGained })}
              </p>
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              {shownAnnonceId ? (
                <Link
                  to={paths.annonceShow.getHref(shownAnnonceId)}
                  className={buttonClasses({ variant: 'secondary' })}
                  onClick={onClose}
                >
                  {t('scan.result.seeAnnonce')}
                </Link>
              ) : null}
              {kind === 'success' && result?.annonceId ? (
                <Button onClick={() => onVerify(result.annonceId as number, false)}>
                  {t('scan.result.report')}
                </Button>
              ) : (
                <>
                  <Button variant="secondary" onClick={onRetry}>
                    {t('scan.result.retry')}
                  </Button>
                  {outcome.insistAnnonceId ? (
                    <Button onClick={() => onVerify(outcome.insistAnnonceId as number, true)}>
                      {t('scan.result.insist')}
                    </Button>
                  ) : null}
                </>
              )}
            </div>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
