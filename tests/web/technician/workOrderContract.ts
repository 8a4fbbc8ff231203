import { readFileSync } from 'node:fs';
import path from 'node:path';
import { vi } from 'vitest';
import { mockApi, type ApiCall } from '../helpers/mockApi';
import { serverHasRoute } from '../helpers/serverRoutes';

/**
 * The work-order calls of docs/work-orders.md's contract ("Calls" table). These screens are built
 * before the server module lands in this branch, so docs/permissions.md (generated from the
 * server's route table, and what mockApi holds answers to) does not list them yet.
 * `mockContractApi` is mockApi that also takes answers for these calls — and still refuses any
 * other route. Once the server is merged the routes are in both tables and this adds nothing.
 */
const contract = readFileSync(path.resolve(__dirname, '../../../docs/work-orders.md'), 'utf8');
const contractRoutes = [...contract.matchAll(/^\| `(GET|POST|PUT|DELETE) (\/[^` ]+)[^`]*` \|/gm)].map((match) => ({
  method: match[1] as string,
  pattern: new RegExp(`^/api${(match[2] as string).replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}/?$`, 'i'),
}));
if (contractRoutes.length < 8) throw new Error(`docs/work-orders.md lists only ${contractRoutes.length} calls: is its Calls table intact?`);

const inContract = (method: string, pathname: string) =>
  contractRoutes.some((route) => route.method === method.toUpperCase() && route.pattern.test(pathname));

type Answers = NonNullable<Parameters<typeof mockApi>[0]>;

export function mockContractApi(answers: Answers = {}) {
  const known: Answers = {};
  const contractAnswers: Answers = {};
  for (const [key, answer] of Object.entries(answers)) {
    const [method = '', pathname = ''] = key.split(' ');
    if (serverHasRoute(method, pathname)) known[key] = answer;
    else if (inContract(method, pathname)) contractAnswers[key] = answer;
    else throw new Error(`mockContractApi: neither the server nor docs/work-orders.md has the route ${key}`);
  }
  const api = mockApi(known);
  const serverFetch = globalThis.fetch;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      const answer = contractAnswers[`${method} ${url.pathname}`];
      if (!answer) return serverFetch(input, init);
      const call: ApiCall = {
        method,
        path: url.pathname,
        search: url.search,
        headers: new Headers(init.headers),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      api.calls.push(call);
      return typeof answer === 'function' ? answer(call) : answer.clone();
    }),
  );
  return api;
}
