import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChartTurn } from '../../../../src/shared/ui/ChartTurn';

/** What each chart "drew", in order: a chart draws in its mount effect once its turn has come. */
let drawn: string[] = [];

function FakeChart({ name }: { name: string }) {
  return (
    <ChartTurn label={name}>
      <Drawing name={name} />
    </ChartTurn>
  );
}

function Drawing({ name }: { name: string }) {
  useEffect(() => {
    drawn.push(name);
  }, [name]);
  return <canvas aria-label={name} data-drawn="yes" />;
}

/** One macrotask: the timer queue's next callback, and what React does because of it. */
const nextTask = () => act(() => vi.advanceTimersToNextTimer());

beforeEach(() => {
  drawn = [];
  vi.useFakeTimers();
});
// A turn passed on in a timer this test's fake clock never ran would hold the queue for the next test.
afterEach(async () => {
  await act(() => vi.runOnlyPendingTimers());
  vi.useRealTimers();
});

describe('charts drawn one per task (ChartTurn)', () => {
  it('three charts mounted together draw in three tasks, in order, none in the task that mounted them', async () => {
    const view = render(
      <>
        <FakeChart name="a" />
        <FakeChart name="b" />
        <FakeChart name="c" />
      </>,
    );
    expect(drawn).toEqual([]);
    expect(view.container.querySelectorAll('canvas')).toHaveLength(3);
    await nextTask();
    expect(drawn).toEqual(['a']);
    await nextTask();
    expect(drawn).toEqual(['a', 'b']);
    await nextTask();
    expect(drawn).toEqual(['a', 'b', 'c']);
    expect(view.container.querySelectorAll('canvas[data-drawn]')).toHaveLength(3);
    view.unmount();
  });

  it('a chart gone before its turn gives it up: the next one takes it, and the queue moves on after', async () => {
    const view = render(
      <>
        <FakeChart key="a" name="a" />
        <FakeChart key="b" name="b" />
        <FakeChart key="c" name="c" />
      </>,
    );
    await nextTask();
    expect(drawn).toEqual(['a']);
    // b leaves while waiting for its turn.
    view.rerender(
      <>
        <FakeChart key="a" name="a" />
        <FakeChart key="c" name="c" />
      </>,
    );
    await nextTask();
    expect(drawn).toEqual(['a', 'c']);
    view.unmount();
    // Nothing left waiting: a later chart gets its turn in the next task.
    const later = render(<FakeChart name="d" />);
    expect(drawn).toEqual(['a', 'c']);
    await nextTask();
    expect(drawn).toEqual(['a', 'c', 'd']);
    later.unmount();
  });
});
