import { describe, expect, it, vi } from 'vitest';
import { createTextReader } from './ocr';

// tesseract.js as it behaves when the language data cannot be fetched: createWorker never settles,
// the failure only reaches errorHandler.
vi.mock('tesseract.js', () => ({
  OEM: { LSTM_ONLY: 1 },
  PSM: { SINGLE_BLOCK: '6' },
  createWorker: (_lang: string, _oem: number, options: { errorHandler?: (e: unknown) => void }) => {
    setTimeout(() => options.errorHandler?.('TypeError: Failed to fetch'), 0);
    return new Promise(() => undefined);
  },
}));

describe('the camera text reader', () => {
  it('fails (so the camera says so) when its files cannot load, instead of waiting forever', async () => {
    await expect(createTextReader()).rejects.toBe('TypeError: Failed to fetch');
  });
});
