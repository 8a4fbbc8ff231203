import { Component, Suspense, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyWithTimeout } from '../../../../src/shared/ui/lazyWithTimeout';

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

function renderLazy(load: () => Promise<typeof Loaded>, timeoutMs: number) {
  const Screen = lazyWithTimeout(load, timeoutMs);
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
});
