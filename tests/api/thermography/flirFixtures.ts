import { readFileSync } from 'node:fs';

/** The radiometric fixtures of tests/fixtures/flir (copied unmodified from the shared fixture set; its README gives sources and licences), read for the tests. */
export const FIXTURE_DIR = new URL('../../fixtures/flir/', import.meta.url);

export const FLIR_FIXTURES = ['flir-one', 'flir-ax8', 'flir-t420', 'flir-i7', 'dji-zenmuse-xtr'] as const;
export type FlirFixture = (typeof FLIR_FIXTURES)[number];

export interface Expected {
  emissivity: number;
  objectDistance: number;
  reflectedApparentTemperature: number;
  atmosphericTemperature: number;
  relativeHumidity: number;
  planckR1: number;
  planckR2: number;
  planckB: number;
  planckF: number;
  planckO: number;
  atmosphericTransAlpha1: number;
  atmosphericTransAlpha2: number;
  atmosphericTransBeta1: number;
  atmosphericTransBeta2: number;
  atmosphericTransX: number;
  rawThermalImageWidth: number;
  rawThermalImageHeight: number;
  embeddedImageType: 'JPG' | 'PNG' | null;
  embeddedImageBytes?: number;
  embeddedImageDecodedWidth?: number;
  embeddedImageDecodedHeight?: number;
  raw: { min: number; max: number; centre: number };
  minTempC: number;
  maxTempC: number;
  centreTempC: number;
}

export type ExiftoolTags = Record<string, string | number>;

export const fixtureBytes = (file: string) => new Uint8Array(readFileSync(new URL(file, FIXTURE_DIR)));
export const expectedOf = (name: FlirFixture): Expected => JSON.parse(readFileSync(new URL(`${name}.expected.json`, FIXTURE_DIR), 'utf8'));
export const exiftoolOf = (name: FlirFixture): ExiftoolTags => (JSON.parse(readFileSync(new URL(`${name}.exiftool.json`, FIXTURE_DIR), 'utf8')) as ExiftoolTags[])[0]!;
