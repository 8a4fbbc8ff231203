import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { sessionStore } from '../../src/authProvider/sessionStore';

afterEach(() => {
  cleanup();
  sessionStore.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
