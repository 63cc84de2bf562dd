import { findIdentifierInText, formatLicensePlate, type IdentifierType } from '@app/domain';
import { Camera, Check, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { captureFrame, createTextReader, type TextReader } from '../lib/ocr';

const READING_KEYS: Record<IdentifierType, string> = {
  LICENCE_PLATE: 'scan.camera.reading.LICENCE_PLATE',
  VIN: 'scan.camera.reading.VIN',
  BICYCODE: 'scan.camera.reading.BICYCODE',
  WINDOW_ENGRAVING: 'scan.camera.reading.WINDOW_ENGRAVING',
  SERIAL_NUMBER: 'scan.camera.reading.SERIAL_NUMBER',
};

type Phase = 'starting' | 'reading' | 'found' | 'cameraError' | 'readerError';

/** Time between two readings while nothing was found. */
const READ_INTERVAL_MS = 600;

/**
 * The rear camera with a guide frame; reads the identifier by itself every moment and asks the
 * user to confirm what it read (docs/product/discovery.md §2 "Scan menu", issue 8). Loaded only when opened.
 */
export function CameraReader({
  type,
  onConfirm,
  onCancel,
}: {
  type: IdentifierType;
  onConfirm: (identifier: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [phase, setPhase] = useState<Phase>('starting');
  const [found, setFound] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    let stream: MediaStream | null = null;
    let reader: TextReader | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;

    async function readLoop() {
      if (cancelled || !reader || !videoRef.current || !canvasRef.current) return;
      if (captureFrame(videoRef.current, canvasRef.current)) {
        const text = await reader.read(canvasRef.current);
        if (cancelled) return;
        const identifier = findIdentifierInText(type, text);
        if (identifier) {
          setFound(identifier);
          setPhase('found');
          return;
        }
      }
      timer = setTimeout(() => void readLoop(), READ_INTERVAL_MS);
    }

    async function start() {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 } },
          audio: false,
        });
      } catch {
        if (!cancelled) setPhase('cameraError');
        return;
      }
      if (cancelled) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      const video = videoRef.current;
      if (video) {
        video.srcObject = stream;
        await video.play().catch(() => undefined);
      }
      try {
        reader = await createTextReader();
      } catch {
        if (!cancelled) setPhase('readerError');
        return;
      }
      if (cancelled) {
        void reader.close();
        return;
      }
      setPhase('reading');
      void readLoop();
    }

    void start();
    return () => {
      cancelled = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
      void reader?.close();
    };
  }, [type, attempt]);

  const shown = found ? (type === 'LICENCE_PLATE' ? formatLicensePlate(found) : found) : null;

  return (
    <div className="flex flex-col gap-3">
      <div className="relative overflow-hidden rounded-xl bg-night-950">
        <video
          ref={videoRef}
          className="aspect-[4/3] w-full object-cover"
          muted
          playsInline
          aria-label={t('scan.camera.preview')}
        />
        {/* The guide: the part of the picture that is read. */}
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-[5%] inset-y-[20%] rounded-lg border-2 border-lantern-400"
        />
      </div>
      <canvas ref={canvasRef} className="hidden" />
      <p role="status" aria-live="polite" className="text-sm text-night-800">
        {phase === 'starting' && t('scan.camera.starting')}
        {phase === 'reading' && t(READING_KEYS[type])}
        {phase === 'cameraError' && t('scan.camera.error')}
        {phase === 'readerError' && t('scan.camera.readerError')}
        {phase === 'found' && shown ? t('scan.camera.found', { identifier: shown }) : null}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('scan.camera.typeInstead')}
        </Button>
        {phase === 'found' && found ? (
          <>
            <Button
              variant="secondary"
              onClick={() => {
                setFound(null);
                setPhase('starting');
                setAttempt((n) => n + 1);
              }}
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('scan.camera.retry')}
            </Button>
            <Button onClick={() => onConfirm(found)}>
              <Check aria-hidden="true" className="size-4" />
              {t('scan.camera.confirm')}
            </Button>
          </>
        ) : null}
        {phase === 'cameraError' ? (
          <Button
            onClick={() => {
              setPhase('starting');
              setAttempt((n) => n + 1);
            }}
          >
            <Camera aria-hidden="true" className="size-4" />
            {t('scan.camera.retryCamera')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

export default CameraReader;
