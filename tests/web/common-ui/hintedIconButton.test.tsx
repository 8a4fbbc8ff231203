import { Profiler, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { HintedIconButton } from '../../../src/common-ui/HintedIconButton';
import { TechnicianAppBar } from '../../../src/custom/technician/TechnicianAppBar';
import { i18nProvider } from '../../../src/i18n';

type ActGlobal = { IS_REACT_ACT_ENVIRONMENT?: boolean };

/**
 * Mounts `tree` (inside `providers`, once they have rendered) with React's own root, outside
 * Testing Library's act(), and answers the commits of `tree` React made before flushSync returned:
 * a state update made while React attaches refs is rendered there, in the same task as the first
 * screen (issue 20: on a phone's first load, one long task).
 */
async function commitsOfFirstTask(tree: ReactNode, providers: (children: ReactNode) => ReactNode = (children) => children) {
  const phases: string[] = [];
  let show = () => {};
  const Gate = () => {
    const [shown, setShown] = useState(false);
    show = () => setShown(true);
    return shown ? (
      <Profiler id="tree" onRender={(_id, phase) => phases.push(phase)}>
        {tree}
      </Profiler>
    ) : (
      <span data-testid="providers-ready" />
    );
  };
  const host = document.body.appendChild(document.createElement('div'));
  const root = createRoot(host);
  await act(async () => root.render(providers(<Gate />)));
  await waitFor(() => expect(within(host).getByTestId('providers-ready')).toBeInTheDocument());
  const actGlobal = globalThis as ActGlobal;
  const previous = actGlobal.IS_REACT_ACT_ENVIRONMENT;
  actGlobal.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    flushSync(show);
  } finally {
    actGlobal.IS_REACT_ACT_ENVIRONMENT = previous;
  }
  return { phases: [...phases], host, unmount: () => act(() => root.unmount()) };
}

describe('an icon button with a hint (issue 20)', () => {
  it('is named by its label and shows it as a hint on hover', async () => {
    const onClick = vi.fn();
    render(
      <HintedIconButton label="Logout" onClick={onClick}>
        <svg />
      </HintedIconButton>,
    );
    const button = screen.getByRole('button', { name: 'Logout' });
    await userEvent.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Logout');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('as a link, goes to its screen', () => {
    render(
      <MemoryRouter>
        <HintedIconButton label="Home" to="/inspection">
          <svg />
        </HintedIconButton>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/inspection');
  });

  it('answers a click in the very task that painted it, before its hint knows it', async () => {
    const onClick = vi.fn();
    const { host, unmount } = await commitsOfFirstTask(
      <HintedIconButton label="Logout" onClick={onClick}>
        <svg />
      </HintedIconButton>,
    );
    host.querySelector('button')!.click();
    expect(onClick).toHaveBeenCalledTimes(1);
    await unmount();
  });

  it('renders nothing again in the task of its first screen', async () => {
    const { phases, unmount } = await commitsOfFirstTask(
      <HintedIconButton label="Logout">
        <svg />
      </HintedIconButton>,
    );
    expect(phases).toEqual(['mount']);
    await unmount();
  });

  it('the technician bar renders nothing again in the task of its first screen', async () => {
    const { phases, host, unmount } = await commitsOfFirstTask(<TechnicianAppBar />, (children) => (
      <AdminContext i18nProvider={i18nProvider}>{children}</AdminContext>
    ));
    expect(phases).toEqual(['mount']);
    // A moment later the hints know their buttons.
    await userEvent.hover(within(host).getByRole('link', { name: 'Scan QR Code' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Scan QR Code');
    await unmount();
  });
});
