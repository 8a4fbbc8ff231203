import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { IDetectedBarcode, IScannerError, IScannerProps } from '@yudiel/react-qr-scanner';
import { describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../../../src/platform/dataProvider';
import { i18nProvider } from '../../../../src/platform/i18n';
import { ScannerPage } from '../../../../src/features/technician/scanner/ScannerPage';
import { jsonResponse, mockApi } from '../../helpers/mockApi';
import { LocationProbe, renderApp } from '../../helpers/renderApp';
import { sessionUser, technicianPermissions } from '../../helpers/sessionUsers';

/**
 * The camera library stands in for a camera: a test hands its onScan/onError what a real camera
 * would produce, and its handle gives out a stream whose track the test shapes (torch or not).
 */
const camera = vi.hoisted(() => ({
  props: null as IScannerProps | null,
  mounts: 0,
  stream: null as MediaStream | null,
  overrides: [] as { locateFile: (path: string, prefix: string) => string }[],
}));

vi.mock('@yudiel/react-qr-scanner', async () => {
  const { forwardRef, useEffect, useImperativeHandle } = await import('react');
  const Scanner = forwardRef<unknown, IScannerProps>((props, ref) => {
    camera.props = props;
    useEffect(() => {
      camera.mounts += 1;
    }, []);
    useImperativeHandle(ref, () => ({ getVideoElement: () => null, getStream: () => camera.stream }), []);
    return <div data-testid="fake-camera" />;
  });
  return {
    Scanner,
    setZXingModuleOverrides: (overrides: (typeof camera.overrides)[number]) => camera.overrides.push(overrides),
  };
});

function fakeStream(capabilities: Record<string, unknown>) {
  const track = {
    readyState: 'live',
    getCapabilities: vi.fn(() => capabilities),
    applyConstraints: vi.fn(async () => undefined),
  };
  camera.stream = { getVideoTracks: () => [track] } as unknown as MediaStream;
  return track;
}

function code(rawValue: string): IDetectedBarcode {
  return { rawValue, format: 'qr_code', boundingBox: { x: 0, y: 0, width: 10, height: 10 }, cornerPoints: [] };
}

/** The camera reads `texts` in one frame. */
function scan(...texts: string[]) {
  act(() => camera.props!.onScan(texts.map(code)));
}

function fail(error: IScannerError) {
  act(() => camera.props!.onError!(error));
}

/** The scanner page alone, with a catch-all route so a navigation shows in the location probe. */
function renderScanner() {
  camera.props = null;
  camera.stream = null;
  render(
    <MemoryRouter initialEntries={['/inspection/scanner']} useTransitions={false}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <Routes>
          <Route path="/inspection/scanner" element={<ScannerPage />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <LocationProbe />
      </AdminContext>
    </MemoryRouter>,
  );
}

const location = () => screen.getByTestId('location').textContent;
const CAMERA_DENIED = 'This application needs access to the camera in order to scan QR code.';

describe('QR scanner (spec §2.3, §5, §8)', () => {
  it('is the /inspection/scanner route of the technician area, asking for the back camera', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    mockApi({ 'GET /api/token/init': () => jsonResponse(200, sessionUser(technicianPermissions)) });
    renderApp('/inspection/scanner');
    expect(await screen.findByTestId('fake-camera')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Scan QR Code' })).toBeInTheDocument();
    expect(camera.props!.constraints).toMatchObject({ facingMode: 'environment' });
  });

  it('ignores a code without the ASSET_ID prefix, with a visible hint, and stays on the scanner', () => {
    renderScanner();
    scan('https://example.com/not-a-label');
    expect(screen.getByText(/Not an asset label/)).toBeVisible();
    expect(location()).toBe('/inspection/scanner');
  });

  it('opens the inspect view of the identification an asset label carries', () => {
    renderScanner();
    scan('ASSET_ID:SKD-001');
    expect(location()).toBe('/inspection/asset/identification/SKD-001');
  });

  it('encodes an identification holding a slash or spaces, and picks the asset label among other codes', () => {
    renderScanner();
    scan('WIFI:S:plant;;', 'ASSET_ID:PUMP 7/B');
    expect(location()).toBe('/inspection/asset/identification/PUMP%207%2FB');
  });

  it("shows the spec's message when the camera is denied, and asks again on Try again", async () => {
    renderScanner();
    const mountsBefore = camera.mounts;
    fail({ kind: 'permission-denied', message: 'Permission denied', cause: new DOMException('Permission denied', 'NotAllowedError') });
    expect(screen.getByText(CAMERA_DENIED)).toBeInTheDocument();
    expect(screen.queryByTestId('fake-camera')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByTestId('fake-camera')).toBeInTheDocument();
    expect(camera.mounts).toBe(mountsBefore + 1);
    expect(screen.queryByText(CAMERA_DENIED)).not.toBeInTheDocument();
  });

  it('says so when the device has no camera, and still offers typing the identification', async () => {
    renderScanner();
    fail({ kind: 'no-camera', message: 'Requested device not found', cause: new DOMException('Requested device not found', 'NotFoundError') });
    expect(screen.getByText(/No camera was found on this device/)).toBeInTheDocument();
    expect(screen.queryByText(CAMERA_DENIED)).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Identification'), '  SKD-001 ');
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(location()).toBe('/inspection/asset/identification/SKD-001');
  });

  it('opens nothing from a blank typed identification', async () => {
    renderScanner();
    await userEvent.type(screen.getByLabelText('Identification'), '   ');
    expect(screen.getByRole('button', { name: 'Open' })).toBeDisabled();
  });

  it('has no Toggle Flash when the camera has no torch', async () => {
    renderScanner();
    const track = fakeStream({ zoom: { min: 1, max: 4 } });
    await vi.waitFor(() => expect(track.getCapabilities).toHaveBeenCalled());
    await act(async () => undefined);
    expect(screen.queryByRole('button', { name: 'Toggle Flash' })).not.toBeInTheDocument();
  });

  it('has Toggle Flash when the camera has a torch, switching it on and off', async () => {
    renderScanner();
    const track = fakeStream({ torch: true });
    const button = await screen.findByRole('button', { name: 'Toggle Flash' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(button);
    expect(track.applyConstraints).toHaveBeenLastCalledWith({ advanced: [{ torch: true }] });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(button);
    expect(track.applyConstraints).toHaveBeenLastCalledWith({ advanced: [{ torch: false }] });
  });

  it('loads the zxing wasm from our own server, never the CDN, and it is the build the decoder expects', async () => {
    await import('../../../../src/features/technician/scanner/zxingWasm');
    const url = camera.overrides.at(-1)!.locateFile('zxing_reader.wasm', 'https://fastly.jsdelivr.net/npm/zxing-wasm/');
    expect(url).toMatch(/zxing_reader[^/]*\.wasm$/);
    expect(url).not.toMatch(/^(https?:)?\/\//);
    // The wasm is imported from zxing-wasm; the decoder's glue code comes with barcode-detector.
    // Both must be the same build, or decoding fails on the phone only.
    const require = createRequire(import.meta.url);
    const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    const glue = readFileSync(require.resolve('barcode-detector/ponyfill').replace(/ponyfill\.(c?js)$/, 'zxing-exported.$1'), 'utf8');
    expect(glue).toContain(createHash('sha256').update(wasm).digest('hex'));
  });
});
