import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { sessionStore } from '../../src/authProvider/sessionStore';

// The engineer shell and its screens are lazy chunks: the first import in a file is transformed
// on demand, which can take longer than Testing Library's 1 s default on a busy machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  sessionStore.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
