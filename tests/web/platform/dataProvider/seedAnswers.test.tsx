import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { apiKey, seedAnswers } from '../../../../src/platform/dataProvider/apiQuery';
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
});
