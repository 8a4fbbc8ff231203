import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { offlineStatus } from '../../../../src/platform/offline/offlineStatus';
import { mockApi, testApplicationInfo } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';

/** Issue 40 §10c: the company logo in the bars disappeared offline and did not come back. */
describe('the company logo with no network', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    offlineStatus.reset();
  });

  function goOffline(offline: boolean) {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
    act(() => {
      window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
    });
  }

  it('is hidden, not broken, while it cannot load, and asked for again when the network returns', async () => {
    mockApi();
    const { container } = renderApp('/login');
    await screen.findByText(testApplicationInfo.applicationName);
    const logo = () => container.querySelector(`img[src="${testApplicationInfo.companyLogoURL}"]`);
    await waitFor(() => expect(logo()).not.toBeNull());

    goOffline(true);
    fireEvent.error(logo()!);
    expect(logo()).toBeNull();
    expect(screen.getByText(testApplicationInfo.applicationName)).toBeInTheDocument();

    goOffline(false);
    // A new element: the browser asks for the picture again.
    expect(logo()).not.toBeNull();
  });

  it('is asked for below what the screen needs (issue 41: a first screen is measured to its last early request)', async () => {
    mockApi();
    const { container } = renderApp('/login');
    await screen.findByText(testApplicationInfo.applicationName);
    await waitFor(() => expect(container.querySelector(`img[src="${testApplicationInfo.companyLogoURL}"]`)).toHaveAttribute('fetchpriority', 'low'));
  });

  it('is hidden when it failed before it was on screen, its error gone to a render that was not shown yet', async () => {
    // A picture that ended broken: complete, with no size.
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
    vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(0);
    mockApi();
    const { container } = renderApp('/login');
    await screen.findByText(testApplicationInfo.applicationName);
    expect(container.querySelector('img')).toBeNull();
  });

  it('asks the service worker to keep the configured logo for offline use', async () => {
    const postMessage = vi.fn();
    // jsdom has no service workers: an active one, as a production build registers it.
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { ready: Promise.resolve({ active: { postMessage } }) } });
    try {
      mockApi();
      renderApp('/login');
      await screen.findByText(testApplicationInfo.applicationName);
      await waitFor(() => expect(postMessage).toHaveBeenCalledWith({ type: 'KEEP_LOGO', url: `${window.location.origin}/logo.png` }));
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });
});
