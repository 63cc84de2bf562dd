import { vi } from 'vitest';
import { serveAnswerChecks } from '@/lib/answer-check-worker';
import type { AnswerCheckRequest } from '@/lib/off-thread-schema';

/**
 * A worker in the test's own thread: messages cross as structured clones, one event-loop turn
 * later, to a scope served by the real worker code. `requests` is what the page sent it.
 */
export function fakeAnswerCheckWorker(declarations: object[], { breaks = false } = {}) {
  const requests: AnswerCheckRequest[] = [];
  const pageListeners = new Map<string, ((event: unknown) => void)[]>();
  let workerListener: ((event: { data: AnswerCheckRequest }) => void) | null = null;
  const emit = (type: string, event: unknown) => {
    for (const listener of pageListeners.get(type) ?? []) listener(event);
  };
  serveAnswerChecks(
    {
      postMessage: (message) => {
        const copy = structuredClone(message);
        setTimeout(() => emit('message', { data: copy }), 0);
      },
      addEventListener: (_type, listener) => {
        workerListener = listener;
      },
    },
    declarations,
  );
  const worker = {
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      pageListeners.set(type, [...(pageListeners.get(type) ?? []), listener]);
    },
    postMessage: (request: AnswerCheckRequest) => {
      requests.push(structuredClone(request));
      // A worker whose script could not be fetched: an error event instead of an answer.
      if (breaks) setTimeout(() => emit('error', new Event('error')), 0);
      else setTimeout(() => workerListener?.({ data: structuredClone(request) }), 0);
    },
    terminate: vi.fn(),
  };
  return { worker: worker as unknown as Worker, requests };
}
