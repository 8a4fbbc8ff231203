import { onlineManager } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../../src/platform/authProvider/sessionStore';
import { apiKey, apiQuery, queryClient } from '../../../../src/platform/dataProvider/apiQuery';
import { useApiQuery } from '../../../../src/platform/dataProvider/useApiQuery';
import { i18nProvider } from '../../../../src/platform/i18n';
import { jsonResponse, mockApi } from '../../helpers/mockApi';
import { sessionUser } from '../../helpers/sessionUsers';

const OrdersProbe = () => {
  const { data, isPending } = useApiQuery(apiQuery<{ title: string }[]>('/workOrder/my'));
  return <p>{isPending ? 'loading' : (data ?? []).map((order) => order.title).join(', ')}</p>;
};

const renderProbe = () =>
  render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider} queryClient={queryClient}>
        <OrdersProbe />
      </AdminContext>
    </MemoryRouter>,
  );

describe('the one query cache (platform/dataProvider/apiQuery.ts)', () => {
  it('keys a read by its path and query as the offline copies name it', () => {
    expect(apiKey('/widget/w1', { from: 3, to: undefined, tag: 'a b' })).toEqual(['api', '/widget/w1?from=3&tag=a+b']);
    expect(apiKey('/token/init')).toEqual(['api', '/token/init']);
  });

  it('shows the next user of the phone none of the previous sign-in’s answers', async () => {
    sessionStore.setToken('token-of-ann');
    sessionStore.setUser(sessionUser(['view-technician']));
    let answer: () => Promise<Response> = async () => jsonResponse(200, [{ title: 'Ann’s pump' }]);
    const api = mockApi({ 'GET /api/workOrder/my': () => answer() });
    const first = renderProbe();
    expect(await screen.findByText('Ann’s pump')).toBeInTheDocument();
    first.unmount();

    // Ann signs out; Bob signs in on the same phone. His list must not open with hers.
    sessionStore.clear();
    sessionStore.setToken('token-of-bob');
    let answerBob: (response: Response) => void = () => undefined;
    answer = () => new Promise<Response>((resolve) => (answerBob = resolve));
    renderProbe();
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(screen.queryByText('Ann’s pump')).toBeNull();
    await waitFor(() => expect(api.callsTo('GET', '/api/workOrder/my')).toHaveLength(2));
    answerBob(jsonResponse(200, [{ title: 'Bob’s fan' }]));
    expect(await screen.findByText('Bob’s fan')).toBeInTheDocument();
  });

  it('keeps what was shown when the same sign-in gets a renewed token (a password change)', () => {
    sessionStore.setToken('before');
    sessionStore.setUser(sessionUser(['view-technician']));
    queryClient.setQueryData(apiKey('/workOrder/my'), [{ title: 'kept' }]);
    sessionStore.renewToken('after');
    expect(queryClient.getQueryData(apiKey('/workOrder/my'))).toEqual([{ title: 'kept' }]);
    sessionStore.setToken('someone-else');
    expect(queryClient.getQueryData(apiKey('/workOrder/my'))).toBeUndefined();
  });

  it('still asks when the browser says it is offline (apiFetch, not the cache, decides between the network and the kept copy)', async () => {
    sessionStore.setToken('t');
    // A plant room's Wi-Fi: the browser reports no network while answers still arrive.
    const api = mockApi({ 'GET /api/workOrder/my': () => jsonResponse(200, [{ title: 'answered' }]) });
    onlineManager.setOnline(false);
    try {
      renderProbe();
      expect(await screen.findByText('answered')).toBeInTheDocument();
      expect(api.callsTo('GET', '/api/workOrder/my')).toHaveLength(1);
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('a failed read shows at once, without retries', async () => {
    sessionStore.setToken('t');
    const api = mockApi({ 'GET /api/workOrder/my': () => jsonResponse(503, { message: 'busy' }) });
    const Probe = () => {
      const { error } = useApiQuery(apiQuery<unknown>('/workOrder/my'));
      return <p>{error ? `failed: ${error.message}` : 'loading'}</p>;
    };
    render(
      <MemoryRouter>
        <AdminContext i18nProvider={i18nProvider} queryClient={queryClient}>
          <Probe />
        </AdminContext>
      </MemoryRouter>,
    );
    expect(await screen.findByText('failed: busy')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/workOrder/my')).toHaveLength(1));
  });
});
