import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { sessionStore } from '../../src/authProvider/sessionStore';
import { unexpectedCalls } from './helpers/mockApi';

// No test opens a real socket: each plays the server with FakeSocket (fakeSockets lists them).
vi.mock('socket.io-client', async () => ({ io: (await import('./realtime/fakeSocket')).fakeIo }));

// The engineer shell and its screens are lazy chunks: the first import in a file is transformed
// on demand, which can take longer than Testing Library's 1 s default on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // Taken after cleanup, so calls made while the test's screen was still mounted count too.
  const unexpected = unexpectedCalls.splice(0);
  sessionStore.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  // Last, so a failure here leaves the next test a clean slate.
  expect(unexpected, 'API calls the test did not mock (answer them in mockApi, or the screen calls what it should not)').toEqual([]);
});
