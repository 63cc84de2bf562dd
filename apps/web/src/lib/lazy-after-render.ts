import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * React.lazy whose code is asked from a task of its own, not from inside the render that first
 * draws it. Importing a chunk makes Vite add a `<link rel="modulepreload">` to the page for each
 * file the chunk needs; done from deep inside React's render, that work lengthened the render's
 * task, and under Lighthouse's trace (which records the JavaScript stack of every change to the
 * page) it made up a third of the header's 180 ms task once the home had drawn (issue 17). For
 * the parts drawn after the first screen (the header's bell and account menu): a task later, the
 * render finds them loading as before.
 */
export function lazyAfterRender<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => new Promise<void>((resolve) => setTimeout(resolve, 0)).then(load));
}
