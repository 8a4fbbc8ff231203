import { Component, Suspense, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyWithTimeout, preloadLazies, takeRenderedLazies } from '../../../../src/shared/ui/lazyWithTimeout';

class CatchError extends Component<{ children: ReactNode }, { message: string | null }> {
  override state = { message: null };
  static getDerivedStateFromError(error: Error) {
    return { message: error.message };
  }
  override render() {
    return this.state.message ? <p>failed: {this.state.message}</p> : this.props.children;
  }
}

const Loaded = () => <p>loaded screen</p>;

let named = 0;

function renderLazy(load: () => Promise<typeof Loaded>, timeoutMs: number) {
  named += 1;
  const Screen = lazyWithTimeout(`Screen${named}`, load, timeoutMs);
  render(
    <CatchError>
      <Suspense fallback={<p>loading</p>}>
        <Screen />
      </Suspense>
    </CatchError>,
  );
}

describe('lazyWithTimeout (chunk load time-out, spec §9)', () => {
  it('renders the named export once it has loaded', async () => {
    renderLazy(() => Promise.resolve(Loaded), 1000);
    expect(await screen.findByText('loaded screen')).toBeInTheDocument();
  });

  it('gives up with an error when the chunk never arrives', async () => {
    renderLazy(() => new Promise<typeof Loaded>(() => undefined), 20);
    expect(await screen.findByText(/failed: Loading a screen took longer than 20 ms/)).toBeInTheDocument();
  });

  it('names the lazy parts a render drew, once each, and forgets them once taken', async () => {
    takeRenderedLazies();
    renderLazy(() => Promise.resolve(Loaded), 1000);
    expect(await screen.findByText('loaded screen')).toBeInTheDocument();
    expect(takeRenderedLazies()).toEqual([`Screen${named}`]);
    expect(takeRenderedLazies()).toEqual([]);
  });

  it('draws a part loaded beforehand in the first render, without suspending (a hydrated screen never waits for its code)', async () => {
    let loads = 0;
    const Preloaded = lazyWithTimeout('Preloaded', () => {
      loads += 1;
      return Promise.resolve(Loaded);
    });
    await preloadLazies(['Preloaded', 'NeverDeclared']);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Preloaded />
      </Suspense>,
    );
    // Synchronously, in the render's own commit: no fallback was ever shown.
    expect(screen.getByText('loaded screen')).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
    expect(loads).toBe(1);
  });

  it("finds a part declared by the code of another as that code arrives (a page in its area's shell)", async () => {
    const Inner = () => <p>inner page</p>;
    let InnerLazy: ReturnType<typeof lazyWithTimeout> | null = null;
    lazyWithTimeout('OuterShell', async () => {
      // The shell's chunk declares its pages as it runs.
      InnerLazy = lazyWithTimeout('InnerPage', () => Promise.resolve(Inner));
      return Loaded;
    });
    await preloadLazies(['OuterShell', 'InnerPage']);
    const Shown = InnerLazy!;
    render(
      <Suspense fallback={<p>loading</p>}>
        <Shown />
      </Suspense>,
    );
    expect(screen.getByText('inner page')).toBeInTheDocument();
  });

  it('asks each part in a task of its own, all before any has arrived (issue 41: asking one preloads every chunk it imports)', async () => {
    vi.useFakeTimers();
    const asked: string[] = [];
    const never = new Promise<typeof Loaded>(() => undefined);
    for (const name of ['TaskA', 'TaskB', 'TaskC']) lazyWithTimeout(name, () => (asked.push(name), never));
    void preloadLazies(['TaskA', 'TaskB', 'TaskC']);
    // Not in the caller's task (the app's entry, being evaluated)…
    expect(asked).toEqual([]);
    await vi.runOnlyPendingTimersAsync();
    expect(asked).toEqual(['TaskA']);
    await vi.runOnlyPendingTimersAsync();
    expect(asked).toEqual(['TaskA', 'TaskB']);
    // …and none waits for another to arrive.
    await vi.runOnlyPendingTimersAsync();
    expect(asked).toEqual(['TaskA', 'TaskB', 'TaskC']);
  });
});
