import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildWithProgress } from '../../build/webBuild';

/**
 * Issue 40: the first `npm start` builds the web app for a minute or more, and printed nothing after
 * its first line, so it looked stuck. It says it is still building every 15 s, and how long it took.
 */
describe('the web build, as npm start runs it', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says what it does, that it is still building every 15 s, and how long it took', async () => {
    const lines: string[] = [];
    let finish: () => void = () => undefined;
    const built = buildWithProgress((line) => lines.push(line), () => new Promise<void>((resolve) => (finish = resolve)));
    expect(lines).toEqual([expect.stringMatching(/^Building the web app/)]);
    await vi.advanceTimersByTimeAsync(14_000);
    expect(lines).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(lines[1]).toBe('…still building the web app (15 s)');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(lines.slice(2)).toEqual(['…still building the web app (30 s)', '…still building the web app (45 s)']);
    await vi.advanceTimersByTimeAsync(7_000);
    finish();
    await built;
    expect(lines.at(-1)).toBe('Web app built in 52 s; starting the server…');
    // Nothing more once it is built.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(lines).toHaveLength(5);
  });

  it('stops saying it is building when the build fails, and lets the failure through', async () => {
    const lines: string[] = [];
    const failed = buildWithProgress((line) => lines.push(line), () => Promise.reject(new Error('vite: syntax error')));
    await expect(failed).rejects.toThrow('vite: syntax error');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(lines).toHaveLength(1);
  });
});
