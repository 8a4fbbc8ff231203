import type { IScannerError } from '@yudiel/react-qr-scanner';

/** Why the camera gives no picture, each with its own message (app.scanner.problem.*). */
export type CameraProblem = 'camera_denied' | 'no_camera' | 'camera_in_use' | 'insecure_context' | 'camera_failed';

/** Maps the scanner library's error to what the technician is told (spec §8 for a denied camera). */
export function cameraProblemOf(error: IScannerError): CameraProblem {
  const causeName = error.cause instanceof Error || error.cause instanceof DOMException ? error.cause.name : '';
  if (error.kind === 'permission-denied' || causeName === 'NotAllowedError') return 'camera_denied';
  if (error.kind === 'no-camera' || error.kind === 'overconstrained') return 'no_camera';
  if (error.kind === 'in-use') return 'camera_in_use';
  // Browsers offer getUserMedia only on https or localhost: a plant LAN served over http has no camera.
  if (error.kind === 'insecure-context' || error.kind === 'unsupported') return 'insecure_context';
  return 'camera_failed';
}
