import { MemoryRouter } from 'react-router-dom';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { HintedIconButton } from '../../../../src/shared/ui/HintedIconButton';
import { TechnicianAppBar } from '../../../../src/features/technician/TechnicianAppBar';
import { i18nProvider } from '../../../../src/platform/i18n';
import { commitsOfFirstTask } from '../../helpers/firstTaskCommits';

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
