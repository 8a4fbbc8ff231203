import { act, render, screen, waitFor } from '@testing-library/react';
import { Suspense, use, useLayoutEffect } from 'react';
import { AdminContext } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../../src/platform/authProvider/sessionStore';
import { apiKey, apiQuery, queryClient } from '../../../../src/platform/dataProvider/apiQuery';
import { useApiQuery } from '../../../../src/platform/dataProvider/useApiQuery';
import { i18nProvider } from '../../../../src/platform/i18n';
import { jsonResponse, mockApi } from '../../helpers/mockApi';

/*
 * What a screen sees of an answer (issue 41 step 2; issue 20, Total Blocking Time). The answers are
 * put into the cache as a fetch would, and the probe shows the asset's name.
 */
const never = new Promise<never>(() => undefined);

/** Stands for a panel whose code or image is still on its way: it is not ready to show 'waiting'. */
function Name({ name }: { name: string }) {
  if (name === 'waiting') use(never);
  return <p>{name}</p>;
}

/** What each committed screen showed, as `asset id: name`. */
const committed: string[] = [];

function AssetProbe({ id }: { id: string }) {
  const { data, isPending } = useApiQuery(apiQuery<{ name: string }>(`/asset/${id}`, { staleTime: Infinity }));
  useLayoutEffect(() => void committed.push(`${id}: ${isPending ? 'pending' : data?.name}`));
  return (
    <Suspense fallback={<p>Loading…</p>}>
      {isPending ? <p>pending</p> : <Name name={data!.name} />}
    </Suspense>
  );
}

const renderProbe = (id: string) => {
  const tree = (assetId: string) => (
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider} queryClient={queryClient}>
        <AssetProbe id={assetId} />
      </AdminContext>
    </MemoryRouter>
  );
  const view = render(tree(id));
  return (next: string) => view.rerender(tree(next));
};

describe('useApiQuery', () => {
  it('shows what the cache holds from its first render (a seeded first screen has no loading pass)', () => {
    queryClient.setQueryData(apiKey('/asset/a1'), { name: 'Pump A' });
    renderProbe('a1');
    expect(screen.getByText('Pump A')).toBeInTheDocument();
  });

  it('renders an arriving answer in a pass that yields: a part not ready to show it keeps the screen it has', async () => {
    queryClient.setQueryData(apiKey('/asset/a1'), { name: 'Pump A' });
    renderProbe('a1');
    // An urgent render would swap the panel for its fallback; a transition keeps 'Pump A' until it can show the new one.
    await act(async () => void queryClient.setQueryData(apiKey('/asset/a1'), { name: 'waiting' }));
    expect(screen.getByText('Pump A')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).toBeNull();
    await act(async () => void queryClient.setQueryData(apiKey('/asset/a1'), { name: 'Pump B' }));
    expect(screen.getByText('Pump B')).toBeInTheDocument();
  });

  it('never shows the asset before as the one now asked, and shows the new one when it is answered', async () => {
    sessionStore.setToken('t');
    let answer: (response: Response) => void = () => undefined;
    const api = mockApi({ 'GET /api/asset/a2': () => new Promise<Response>((resolve) => (answer = resolve)) });
    queryClient.setQueryData(apiKey('/asset/a1'), { name: 'Pump A' });
    const showAsset = renderProbe('a1');
    committed.length = 0;
    showAsset('a2');
    expect(screen.getByText('pending')).toBeInTheDocument();
    // Not even for one frame before the cache's own answer for a2 comes through.
    expect(committed).not.toContain('a2: Pump A');
    expect(committed[0]).toBe('a2: pending');
    await waitFor(() => expect(api.callsTo('GET', '/api/asset/a2')).toHaveLength(1));
    await act(async () => answer(jsonResponse(200, { name: 'Fan B' })));
    expect(await screen.findByText('Fan B')).toBeInTheDocument();
  });
});
