// The queue is checked against sonner itself, which only lib/toast may import.
// eslint-disable-next-line no-restricted-imports
import * as sonner from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isToasterLoaded, loadToasts, toast } from './toast';

describe('toasts in front of sonner', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keep the toasts asked for before sonner loads, in order, with their ids known at once', async () => {
    const shown: [string, unknown, unknown][] = [];
    vi.spyOn(sonner.toast, 'success').mockImplementation((message, data) => {
      shown.push(['success', message, data?.id]);
      return data?.id ?? 0;
    });
    vi.spyOn(sonner.toast, 'error').mockImplementation((message, data) => {
      shown.push(['error', message, data?.id]);
      return data?.id ?? 0;
    });

    expect(isToasterLoaded()).toBe(false);
    const first = toast.success('Enregistré');
    const second = toast.error('Une erreur est survenue', { id: 'api-error' });
    expect(second).toBe('api-error');
    expect(first).not.toBe(second);

    await loadToasts();
    expect(shown).toEqual([
      ['success', 'Enregistré', first],
      ['error', 'Une erreur est survenue', 'api-error'],
    ]);
    expect(isToasterLoaded()).toBe(true);

    // Once loaded, a toast goes straight to sonner.
    toast.success('Supprimé');
    expect(shown.at(-1)).toEqual(['success', 'Supprimé', expect.any(String)]);
  });

  it('dismisses through sonner once loaded', async () => {
    await loadToasts();
    const dismiss = vi.spyOn(sonner.toast, 'dismiss');
    toast.dismiss('api-error');
    expect(dismiss).toHaveBeenCalledWith('api-error');
  });
});
