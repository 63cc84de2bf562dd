import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyAfterRender } from './lazy-after-render';

describe('lazyAfterRender', () => {
  it('asks its code in a task after the render that draws it, then shows it', async () => {
    const load = vi.fn(async () => ({
      default: ({ name }: { name: string }) => <p>Bonjour {name}</p>,
    }));
    const Part = lazyAfterRender(load);
    render(
      <Suspense fallback={<p>en attente</p>}>
        <Part name="Alice" />
      </Suspense>,
    );
    // The render is over and its fallback drawn: the import has not started inside it.
    expect(screen.getByText('en attente')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    expect(await screen.findByText('Bonjour Alice')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
