import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isOverdue } from '../../../../common/resources/workOrder';
import { useOverdueClock } from '../../../../src/features/technician/workOrders/useOverdueClock';
import { at, workOrder } from './workOrderFixtures';

/**
 * The technician home marks an order Overdue the moment its end passes while the home stays open
 * (docs/work-orders.md): the clock its rows are judged by moves on at the soonest open order's end.
 * Every timer and the date are fake: time moves only as the test moves it.
 */
const T0 = at(2026, 3, 5, 12, 0);

afterEach(() => {
  vi.useRealTimers();
});

describe('useOverdueClock', () => {
  it('moves on when the soonest open order ends, so its row turns Overdue then and not before', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], now: T0 });
    const soon = workOrder('soon', { title: 'Grease bearings', endTimestamp: T0 + 4_000 });
    const later = workOrder('later', { title: 'Replace filter', endTimestamp: T0 + 86_400_000 });
    const done = workOrder('done', { status: 'Completed', endTimestamp: T0 + 2_000 });
    const { result } = renderHook(() => useOverdueClock([later, soon, done]));
    expect(isOverdue(soon, result.current)).toBe(false);

    act(() => vi.advanceTimersByTime(3_999));
    expect(isOverdue(soon, result.current)).toBe(false);
    act(() => vi.advanceTimersByTime(2));
    expect(isOverdue(soon, result.current)).toBe(true);
    expect(isOverdue(later, result.current)).toBe(false);
    expect(isOverdue(done, result.current)).toBe(false);
  });

  it('goes on to the next end after that one', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], now: T0 });
    const first = workOrder('first', { endTimestamp: T0 + 1_000 });
    const second = workOrder('second', { endTimestamp: T0 + 60_000 });
    const { result } = renderHook(() => useOverdueClock([first, second]));
    act(() => vi.advanceTimersByTime(1_001));
    expect([isOverdue(first, result.current), isOverdue(second, result.current)]).toEqual([true, false]);
    act(() => vi.advanceTimersByTime(59_000));
    expect([isOverdue(first, result.current), isOverdue(second, result.current)]).toEqual([true, true]);
  });
});
