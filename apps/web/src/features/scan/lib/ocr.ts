import type { Worker as OcrWorker } from 'tesseract.js';

/**
 * Reading text from a camera frame with tesseract.js, loaded only when the camera is opened (its
 * library is a separate chunk). Everything comes from our own server under /ocr/: the worker, the
 * WebAssembly core and the English trained data (enough for plates and VINs), so the scan never
 * calls an outside host. The worker is loaded from its URL (not a blob) so that it runs under the
 * policy its response carries, which allows WebAssembly.
 */
export interface TextReader {
  read(image: HTMLCanvasElement): Promise<string>;
  close(): Promise<void>;
}

/** Letters, digits and the separators plates are written with. */
const CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789- ';

export async function createTextReader(): Promise<TextReader> {
  const { createWorker, OEM, PSM } = await import('tesseract.js');
  const base = `${window.location.origin}/ocr`;
  // tesseract.js never settles createWorker when the language data fails to load (it only reports
  // it to errorHandler): the failure ends the wait, so the camera says so instead of "starting…".
  let failLoading: (reason: unknown) => void = () => undefined;
  const loadingFailed = new Promise<never>((_, reject) => {
    failLoading = reject;
  });
  const worker: OcrWorker = await Promise.race([
    createWorker('eng', OEM.LSTM_ONLY, {
      workerPath: `${base}/worker.min.js`,
      corePath: base,
      langPath: base,
      workerBlobURL: false,
      gzip: true,
      errorHandler: (error: unknown) => failLoading(error),
    }),
    loadingFailed,
  ]);
  await worker.setParameters({
    tessedit_char_whitelist: CHARACTERS,
    tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
  });
  return {
    async read(image) {
      const result = await worker.recognize(image);
      return result.data.text;
    },
    async close() {
      await worker.terminate();
    },
  };
}

/**
 * The frame as the reader likes it: the middle of the picture (where the guide frame is), at most
 * 1280 pixels wide, in grey with its contrast stretched.
 */
export function captureFrame(video: HTMLVideoElement, canvas: HTMLCanvasElement): boolean {
  const width = video.videoWidth;
  const height = video.videoHeight;
  if (!width || !height) return false;
  const crop = { x: width * 0.05, y: height * 0.2, w: width * 0.9, h: height * 0.6 };
  const scale = Math.min(1, 1280 / crop.w);
  canvas.width = Math.round(crop.w * scale);
  canvas.height = Math.round(crop.h * scale);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return false;
  context.drawImage(video, crop.x, crop.y, crop.w, crop.h, 0, 0, canvas.width, canvas.height);
  const image = context.getImageData(0, 0, canvas.width, canvas.height);
  const pixels = image.data;
  let min = 255;
  let max = 0;
  for (let i = 0; i < pixels.length; i += 4) {
    const grey = Math.round(
      0.299 * (pixels[i] ?? 0) + 0.587 * (pixels[i + 1] ?? 0) + 0.114 * (pixels[i + 2] ?? 0),
    );
    pixels[i] = grey;
    if (grey < min) min = grey;
    if (grey > max) max = grey;
  }
  const range = Math.max(1, max - min);
  for (let i = 0; i < pixels.length; i += 4) {
    const value = Math.round((((pixels[i] ?? 0) - min) * 255) / range);
    pixels[i] = value;
    pixels[i + 1] = value;
    pixels[i + 2] = value;
  }
  context.putImageData(image, 0, 0);
  return true;
}
