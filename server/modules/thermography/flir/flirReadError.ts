/**
 * A FLIR file that cannot be read: truncated, damaged or built to hurt the reader. The message is
 * in plain words, fit to show to the person who uploaded the file.
 */
export class FlirReadError extends Error {
  override readonly name = 'FlirReadError';
}

/** A correction of the camera settings that the temperature formula cannot use; `field` names it. */
export class FlirSettingsError extends Error {
  override readonly name = 'FlirSettingsError';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}
