import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToday } from '../../../../src/features/dashboards/useToday';

afterEach(() => {
  vi.useRealTimers();
});

describe("useToday: the clock '{n} days' ranges roll forward with", () => {
  it('stays the same moment within the day and moves on once the day changes', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date(2026, 10, 24, 23, 58, 0));
    const { result } = renderHook(() => useToday());
    const first = result.current;
    expect(first).toBe(new Date(2026, 10, 24, 23, 58, 0).getTime());

    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    // 23:59 the same day: nothing recomputes.
    expect(result.current).toBe(first);

    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    // Past midnight: a moment of the new day.
    expect(new Date(result.current).getDate()).toBe(25);
  });
});
