import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { AdminContext, usePermissions } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { authProvider } from '../../../../src/platform/authProvider';
import { apiKey, seedAnswers } from '../../../../src/platform/dataProvider/apiQuery';
import { i18nProvider } from '../../../../src/platform/i18n';
import { sessionUser } from '../../helpers/sessionUsers';

/*
 * A drawn screen's answers go into the query cache where its reads find them (the server's render
 * and the browser's hydration alike, docs/architecture.md). react-admin's router reads the session's
 * permissions through usePermissions: asked after hydration, their answer re-rendered the whole
 * screen in one blocking task.
 */
const PermissionsProbe = () => {
  const { permissions, isPending } = usePermissions<string[]>();
  return <p>{isPending ? 'asking' : (permissions ?? []).join(', ')}</p>;
};

describe('seeding the query cache with a drawn screen’s answers', () => {
  it('puts each answer under its path, and the session user’s permissions where react-admin reads them, so nothing is asked', async () => {
    const client = new QueryClient();
    const user = sessionUser(['view-onsite', 'read-dashboard']);
    seedAnswers(client, [['/token/init', user], ['/dashboard/d1', { _id: 'd1' }]]);
    expect(client.getQueryData(apiKey('/dashboard/d1'))).toEqual({ _id: 'd1' });
    expect(client.getQueryData(apiKey('/token/init'))).toEqual(user);
    const asked = vi.spyOn(authProvider, 'getPermissions');
    try {
      render(
        <MemoryRouter>
          <AdminContext authProvider={authProvider} i18nProvider={i18nProvider} queryClient={client}>
            <PermissionsProbe />
          </AdminContext>
        </MemoryRouter>,
      );
      // Known at the first render, as on the server that drew it.
      expect(screen.getByText('view-onsite, read-dashboard')).toBeInTheDocument();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(asked).not.toHaveBeenCalled();
    } finally {
      asked.mockRestore();
    }
  });
});
