import type { TranslateFunction } from 'react-admin';
import { httpStatusOf } from '../../platform/authProvider/httpStatus';

/**
 * What to tell the user about a failed call: the server's own message when it answered (spec §8
 * shows it verbatim), otherwise that the server could not be reached.
 */
export function errorMessageOf(error: unknown, translate: TranslateFunction): string {
  if (httpStatusOf(error) !== undefined && error instanceof Error && error.message) return error.message;
  return translate('app.auth.server_unreachable');
}
