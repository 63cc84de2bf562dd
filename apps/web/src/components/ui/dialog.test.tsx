import type * as RadixDialog from '@radix-ui/react-dialog';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog, DialogContent, DialogTrigger } from './dialog';

// Counts the mounts of Radix's portal: a closed dialog must not mount its content's machinery,
// whose presence check made a blocking update in the first commit of every screen holding one.
const portalRendered = vi.hoisted(() => vi.fn());
vi.mock('@radix-ui/react-dialog', async (importOriginal) => {
  const actual = await importOriginal<typeof RadixDialog>();
  function Portal(props: ComponentProps<typeof actual.Portal>) {
    portalRendered();
    return <actual.Portal {...props} />;
  }
  return { ...actual, Portal };
});

function Controlled() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Filtres
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title="Tous les filtres">Le contenu</DialogContent>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('mounts no content while closed, opens from its trigger, closes on Escape with the focus back', async () => {
    portalRendered.mockClear();
    const user = userEvent.setup();
    render(
      <Dialog>
        <DialogTrigger>Partager</DialogTrigger>
        <DialogContent title="Partager l’annonce">Les réseaux</DialogContent>
      </Dialog>,
    );
    expect(portalRendered).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Partager' }));
    expect(await screen.findByRole('dialog', { name: 'Partager l’annonce' })).toBeInTheDocument();
    expect(screen.getByText('Les réseaux')).toBeInTheDocument();
    expect(portalRendered).toHaveBeenCalled();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Partager' })).toHaveFocus();
    const afterClose = portalRendered.mock.calls.length;
    await user.click(document.body);
    expect(portalRendered).toHaveBeenCalledTimes(afterClose);
  });

  it('follows its open prop when the screen holds the state', async () => {
    portalRendered.mockClear();
    const user = userEvent.setup();
    render(<Controlled />);
    expect(portalRendered).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Filtres' }));
    expect(await screen.findByRole('dialog', { name: 'Tous les filtres' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('gives the focus back to the button that opened it, though it is no trigger of its own', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.click(screen.getByRole('button', { name: 'Filtres' }));
    expect(await screen.findByRole('dialog', { name: 'Tous les filtres' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Filtres' })).toHaveFocus());
  });
});
