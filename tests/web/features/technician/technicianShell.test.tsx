import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { sessionUser, technicianPermissions } from '../../helpers/sessionUsers';

describe('technician shell (spec §2.3)', () => {
  it('has Home, Scan QR Code, Profile and Logout in the bar', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    mockApi({ 'GET /api/token/init': () => jsonResponse(200, sessionUser(technicianPermissions)) });
    renderApp('/inspection');
    const bar = await screen.findByRole('banner');
    expect(within(bar).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/inspection');
    expect(within(bar).getByRole('link', { name: 'Scan QR Code' })).toHaveAttribute('href', '/inspection/scanner');
    expect(within(bar).getByRole('button', { name: 'Profile' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('welcomes the user and explains how to start with the scan button', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    mockApi({ 'GET /api/token/init': () => jsonResponse(200, sessionUser(technicianPermissions)) });
    renderApp('/inspection');
    expect(await screen.findByRole('heading', { name: 'Welcome, Dana Field' })).toBeInTheDocument();
    expect(screen.getByText(/Scan QR Code button/)).toBeInTheDocument();
  });
});
