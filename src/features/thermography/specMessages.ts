import { THERMOGRAPHY_MESSAGES } from '../../../common/thermography/messages';

/**
 * The i18n key of each of the spec's thermography messages, which the shared rules
 * (common/thermography) answer in the spec's words: the screens show them through en.ts like all
 * their text.
 */
const KEYS: Record<string, string> = {
  [THERMOGRAPHY_MESSAGES.imageNumberMandatory]: 'app.thermography.image_number_mandatory',
  [THERMOGRAPHY_MESSAGES.imageNumberDuplicated]: 'app.thermography.image_number_duplicated',
  [THERMOGRAPHY_MESSAGES.identificationRequired]: 'app.thermography.identification_required',
  [THERMOGRAPHY_MESSAGES.severityNotDefined]: 'app.thermography.severity_not_defined',
  [THERMOGRAPHY_MESSAGES.realImageMissing]: 'app.thermography.real_image_missing',
  [THERMOGRAPHY_MESSAGES.thermalImageMissing]: 'app.thermography.thermal_image_missing',
  [THERMOGRAPHY_MESSAGES.fileTooLarge]: 'app.thermography.file_too_large',
};

/** The i18n key of a spec message; a message of another kind (the server's own words) is shown as it is. */
export const messageKeyOf = (message: string): string => KEYS[message] ?? message;
