import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { sessionUser } from '../../helpers/sessionUsers';

describe('drawer: Thermography and Thermography Info (spec §2.4, §6)', () => {
  it('lists them after Reports; Thermography Info opens the configured PDF in a new tab', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    mockApi({
      'GET /api/token/init': () => jsonResponse(200, sessionUser(['view-engineer', 'nav-assets', 'nav-report', 'nav-thermography', 'nav-thermographyInfo'])),
      'GET /api/thermography/config': () => jsonResponse(200, { infoUrl: 'https://docs.example.com/thermography.pdf', severityLevels: {} }),
    });
    renderApp('/home');
    const info = await screen.findByRole('menuitem', { name: 'Thermography Info' });
    const menu = info.closest('ul')!;
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Assets', 'Reports', 'Thermography', 'Thermography Info']);
    expect(within(menu).getByRole('menuitem', { name: 'Thermography' })).toHaveAttribute('href', '/home/thermographyNote/table');
    expect(info).toHaveAttribute('href', 'https://docs.example.com/thermography.pdf');
    expect(info).toHaveAttribute('target', '_blank');
    expect(info).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('are not listed without their permissions', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    mockApi({ 'GET /api/token/init': () => jsonResponse(200, sessionUser(['view-engineer', 'nav-assets'])) });
    renderApp('/home');
    await screen.findByRole('menuitem', { name: 'Assets' });
    expect(screen.queryByRole('menuitem', { name: 'Thermography' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Thermography Info' })).toBeNull();
  });
});
