/** The spec's words for thermography (§5, §9), to the letter: the server answers them, tests hold them. */
export const THERMOGRAPHY_MESSAGES = {
  imageNumberMandatory: 'Image number is mandatory',
  imageNumberDuplicated: 'Image number is duplicated',
  identificationRequired: 'Identification is required',
  severityNotDefined: 'Severity Level is not defined',
  realImageMissing: 'Real image is not uploaded',
  thermalImageMissing: 'Thermal image is not uploaded',
  fileTooLarge: 'File is too large, allowed limit is only upto 1MB',
} as const;
