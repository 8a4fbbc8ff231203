import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { sessionStore } from '../../src/platform/authProvider/sessionStore';
import { queryClient } from '../../src/platform/dataProvider/apiQuery';
import { unexpectedCalls } from './helpers/mockApi';

// No test opens a real socket: each plays the server with FakeSocket (fakeSockets lists them).
vi.mock('socket.io-client', async () => ({ io: (await import('./platform/realtime/fakeSocket')).fakeIo }));

// One wait budget for every find and waitFor, instead of a guess per call. The engineer shell and
// its screens are lazy chunks imported on a file's first render, which takes seconds when two test
// files share CI's two cores. Waits end as soon as they succeed, so a long budget costs nothing on a
// pass; web tests get 45 s in all (vitest.config.ts).
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  // Taken after cleanup, so calls made while the test's screen was still mounted count too.
  const unexpected = unexpectedCalls.splice(0);
  sessionStore.clear();
  // The app's one query cache outlives a render: each test starts with nothing answered.
  queryClient.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  // Last, so a failure here leaves the next test a clean slate.
  expect(unexpected, 'API calls the test did not mock (answer them in mockApi, or the screen calls what it should not)').toEqual([]);
});
