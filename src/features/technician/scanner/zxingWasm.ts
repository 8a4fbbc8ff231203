import { setZXingModuleOverrides } from '@yudiel/react-qr-scanner';
// The reader build is the one barcode-detector's glue code loads (zxing_reader.wasm).
import zxingReaderWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/*
 * Without this the decoder fetches its wasm from a public CDN (jsdelivr), which a phone in a plant
 * room often cannot reach and which our CSP would refuse anyway: serve our own copy from dist/.
 * Imported only by the scanner route, so the wasm is fetched only there.
 */
setZXingModuleOverrides({
  locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zxingReaderWasmUrl : prefix + path),
});
