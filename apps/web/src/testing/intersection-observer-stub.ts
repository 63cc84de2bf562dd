import { vi } from 'vitest';

/**
 * An IntersectionObserver that reports nothing by itself: the test says what each watched element
 * sees (jsdom has none). Undone by vi.unstubAllGlobals().
 */
export function stubIntersectionObserver() {
  const observed = new Map<Element, IntersectionObserverCallback>();
  class FakeObserver {
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(element: Element) {
      observed.set(element, this.callback);
    }
    unobserve(element: Element) {
      observed.delete(element);
    }
    disconnect() {
      for (const [element, callback] of observed) {
        if (callback === this.callback) observed.delete(element);
      }
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    /** The elements watched now. */
    watched: () => [...observed.keys()],
    /** Tells the observer of `element` what the browser would (e.g. isIntersecting, a ratio). */
    report(element: Element, entry: Partial<IntersectionObserverEntry>) {
      const callback = observed.get(element);
      if (!callback) throw new Error('element not observed');
      callback(
        [{ target: element, ...entry } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      );
    },
  };
}
