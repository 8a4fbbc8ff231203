import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiKey, apiQuery, seedAnswers } from '../../../../src/platform/dataProvider/apiQuery';
import { jsonResponse, mockApi } from '../../helpers/mockApi';
import { sessionUser } from '../../helpers/sessionUsers';

/*
 * A drawn screen's answers go into the query cache where its reads find them (the server's render
 * and the browser's hydration alike, docs/architecture.md).
 */
describe('seeding the query cache with a drawn screen’s answers', () => {
  it('puts each answer under the key its read asks with', () => {
    const client = new QueryClient();
    const user = sessionUser(['view-onsite', 'read-dashboard']);
    seedAnswers(client, [['/token/init', user], ['/dashboard/d1', { _id: 'd1' }]]);
    expect(client.getQueryData(apiKey('/dashboard/d1'))).toEqual({ _id: 'd1' });
    expect(client.getQueryData(apiKey('/token/init'))).toEqual(user);
  });

  const Orders = () => {
    const { data } = useQuery(apiQuery<{ title: string }[]>('/workOrder/my'));
    return <p>{(data ?? []).map((order) => order.title).join(', ')}</p>;
  };

  /** Mounts a screen reading GET /workOrder/my over a cache seeded with the drawn answer `freshUntil`; how often the screen asked. */
  async function mountSeeded(freshUntil: number | undefined) {
    const api = mockApi({ 'GET /api/workOrder/my': () => jsonResponse(200, [{ title: 'Asked again' }]) });
    const client = new QueryClient();
    seedAnswers(client, [['/workOrder/my', [{ title: 'Drawn' }]]], freshUntil);
    const view = render(
      <QueryClientProvider client={client}>
        <Orders />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Drawn')).toBeInTheDocument();
    // A fetch on mount starts in the mount's own effects: settled here, whatever it asked.
    await client.getQueryCache().find({ queryKey: apiKey('/workOrder/my') })?.promise?.catch(() => undefined);
    const asked = api.callsTo('GET', '/api/workOrder/my').length;
    view.unmount();
    return asked;
  }

  it('answers the screen’s reads as just asked until `freshUntil`: the hydrated screen asks none of them again as it mounts', async () => {
    expect(await mountSeeded(Date.now() + 60_000)).toBe(0);
  });

  it('once `freshUntil` has passed, or seeded without it, the screen asks as it mounts', async () => {
    expect(await mountSeeded(Date.now() - 1)).toBe(1);
    expect(await mountSeeded(undefined)).toBe(1);
  });
});
