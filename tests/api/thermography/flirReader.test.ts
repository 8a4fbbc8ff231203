import { crc32, deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { decode, encode } from 'fast-png';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { extractFlir } from '../../../server/modules/thermography/flir/extract';
import {
  closeFlirReader,
  createFlirReaderPool,
  FlirReadError,
  FlirSettingsError,
  isJpeg,
  readFlirJpeg,
  recomputeMeasurements,
  type RadiometryData,
} from '../../../server/modules/thermography/flir/readFlir';
import type { FlirReading } from '../../../server/modules/thermography/flir/flirReading';
import { exiftoolOf, expectedOf, fixtureBytes, FLIR_FIXTURES, type ExiftoolTags, type FlirFixture } from './flirFixtures';
import { objectTemperatures } from '../../../common/thermography/radiometricFormula';
import {
  byteSwapped,
  cameraInfoRecord,
  embeddedImageRecord,
  fffBlock,
  flirJpeg,
  rawDataRecord,
  RECORD,
  uncompressedSamples,
  type CameraSpec,
} from './flirFileBuilder';

afterAll(() => closeFlirReader());

const PARAMETER_KEYS = ['Camera model', 'Emissivity', 'Reflected temperature', 'Atmospheric temperature', 'Object distance', 'Relative humidity', 'Date'];

/** Hand-kept: what the camera-model line and the date line should read for each fixture (from its exiftool tags). */
const SHOWN: Record<FlirFixture, { cameraModel: string | null; date: string }> = {
  // The FLIR ONE writes the placeholder "*" as CameraModel and as EXIF Model: no model is shown.
  'flir-one': { cameraModel: null, date: '2017-09-08 16:04:36 +02:00' },
  'flir-ax8': { cameraModel: 'FLIR AX8', date: '2000-01-01 06:54:26 +01:00' },
  'flir-t420': { cameraModel: 'FLIR T420 (incl Wi-', date: '2015-08-15 14:47:43 +01:00' },
  'flir-i7': { cameraModel: 'FLIR_i7', date: '2012-07-23 20:23:05 +00:00' },
  // Empty CameraModel: EXIF Make "DJI" and Model "FLIR".
  'dji-zenmuse-xtr': { cameraModel: 'DJI FLIR', date: '2018-05-16 10:22:57 +00:00' },
};

const valueOf = (list: { k: string; v: string }[], key: string) => list.find((entry) => entry.k === key)?.v;

/** "25.5 °C" → 25.5, checking the unit. */
function number(shown: string | undefined, unit: string): number {
  expect(shown).toMatch(new RegExp(`^-?\\d+(\\.\\d+)? ${unit}$`));
  return Number(shown!.split(' ')[0]);
}

/** Width and height in a JPEG's SOF marker. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } {
  let pos = 2;
  while (pos + 9 < bytes.length) {
    const marker = bytes[pos + 1]!;
    const length = (bytes[pos + 2]! << 8) | bytes[pos + 3]!;
    if (marker >= 0xc0 && marker <= 0xc3) return { height: (bytes[pos + 5]! << 8) | bytes[pos + 6]!, width: (bytes[pos + 7]! << 8) | bytes[pos + 8]! };
    pos += 2 + length;
  }
  throw new Error('no SOF marker');
}

/** Either outcome the contract allows: a reading, or a FlirReadError with a message for people. */
function readOrRefuse(bytes: Uint8Array): FlirReading | FlirReadError {
  try {
    return extractFlir(bytes);
  } catch (error) {
    if (error instanceof FlirReadError && error.message.length > 0) return error;
    throw error;
  }
}

describe('the five radiometric fixtures', () => {
  for (const name of FLIR_FIXTURES) {
    describe(name, () => {
      const expected = expectedOf(name);
      const tags = exiftoolOf(name);
      let reading: FlirReading;

      it('is read in a reader thread, with min, max and centre within 0.1 °C of the reference (single path)', async () => {
        reading = await readFlirJpeg(fixtureBytes(`${name}.jpg`));
        expect(reading.isFlir).toBe(true);
        expect(reading.measurements.map((m) => m.k)).toEqual(['Min', 'Max', 'Center']);
        expect(Math.abs(number(valueOf(reading.measurements, 'Min'), '°C') - expected.minTempC)).toBeLessThanOrEqual(0.1001);
        expect(Math.abs(number(valueOf(reading.measurements, 'Max'), '°C') - expected.maxTempC)).toBeLessThanOrEqual(0.1001);
        expect(Math.abs(number(valueOf(reading.measurements, 'Center'), '°C') - expected.centreTempC)).toBeLessThanOrEqual(0.1001);
        expect(reading.noTemperatures).toBeNull();
      });

      it("shows the camera's parameters in DESIGN §8's order, agreeing with exiftool", () => {
        const shown = SHOWN[name];
        expect(reading.parameters.map((p) => p.k)).toEqual(PARAMETER_KEYS.filter((k) => k !== 'Camera model' || shown.cameraModel !== null));
        expect(valueOf(reading.parameters, 'Camera model')).toBe(shown.cameraModel ?? undefined);
        expect(valueOf(reading.parameters, 'Emissivity')).toMatch(/^\d\.\d\d$/);
        expect(Number(valueOf(reading.parameters, 'Emissivity'))).toBeCloseTo(Number(tags.Emissivity), 2);
        expect(number(valueOf(reading.parameters, 'Reflected temperature'), '°C')).toBeCloseTo(Number(tags.ReflectedApparentTemperature), 1);
        expect(number(valueOf(reading.parameters, 'Atmospheric temperature'), '°C')).toBeCloseTo(Number(tags.AtmosphericTemperature), 1);
        expect(number(valueOf(reading.parameters, 'Object distance'), 'm')).toBeCloseTo(Number(tags.ObjectDistance), 1);
        expect(number(valueOf(reading.parameters, 'Relative humidity'), '%')).toBe(Math.round(Number(tags.RelativeHumidity) * 100));
        expect(valueOf(reading.parameters, 'Date')).toBe(shown.date);
        // exiftool's "2017:09:08 16:04:36.266+02:00" is the same time on the camera's clock.
        const [day, time] = String(tags.DateTimeOriginal).split(' ');
        expect(shown.date).toBe(`${day!.replaceAll(':', '-')} ${time!.slice(0, 8)} ${time!.slice(-6)}`);
      });

      it('keeps the radiometry needed to recompute: constants, settings and the raw extremes', () => {
        const r = reading.radiometry!;
        const { min, max, centre } = expected.raw;
        expect(r.raw).toEqual({ min, max, centre, width: expected.rawThermalImageWidth, height: expected.rawThermalImageHeight });
        expect(r.planck.r1).toBeCloseTo(expected.planckR1, 3);
        expect(r.planck.r2).toBeCloseTo(expected.planckR2, 8);
        expect(r.planck.b).toBeCloseTo(expected.planckB, 3);
        expect(r.planck.f).toBeCloseTo(expected.planckF, 6);
        expect(r.planck.o).toBe(expected.planckO);
        expect(r.atmosphere.alpha1).toBeCloseTo(expected.atmosphericTransAlpha1, 8);
        expect(r.atmosphere.alpha2).toBeCloseTo(expected.atmosphericTransAlpha2, 8);
        expect(r.atmosphere.beta1).toBeCloseTo(expected.atmosphericTransBeta1, 8);
        expect(r.atmosphere.beta2).toBeCloseTo(expected.atmosphericTransBeta2, 8);
        expect(r.atmosphere.x).toBeCloseTo(expected.atmosphericTransX, 6);
        expect(r.settings.emissivity).toBeCloseTo(expected.emissivity, 4);
        expect(r.settings.reflectedTemperatureC).toBeCloseTo(expected.reflectedApparentTemperature, 4);
        expect(r.settings.atmosphericTemperatureC).toBeCloseTo(expected.atmosphericTemperature, 4);
        expect(r.settings.objectDistanceM).toBeCloseTo(expected.objectDistance, 4);
        expect(r.settings.relativeHumidityPercent).toBeCloseTo(expected.relativeHumidity * 100, 3);
        expect(JSON.parse(JSON.stringify(r))).toEqual(r); // stored as JSON on the note
      });

      it('hands over the embedded visible picture as it is stored', () => {
        if (expected.embeddedImageType === null) {
          expect(reading.realImage).toBeNull();
          return;
        }
        expect(reading.realImage!.contentType).toBe('image/jpeg');
        expect(reading.realImage!.bytes.length).toBe(expected.embeddedImageBytes);
        expect(isJpeg(reading.realImage!.bytes)).toBe(true);
        expect(jpegSize(reading.realImage!.bytes)).toEqual({ width: expected.embeddedImageDecodedWidth, height: expected.embeddedImageDecodedHeight });
      });

      it('recomputes with the camera’s own settings to the file’s values', () => {
        expect(recomputeMeasurements(reading.radiometry!, {})).toEqual(reading.measurements);
        expect(recomputeMeasurements(reading.radiometry!, { ...reading.radiometry!.settings })).toEqual(reading.measurements);
      });
    });
  }
});

describe('files that are not FLIR radiometric JPEGs', () => {
  it('accepts a plain JPEG with an EXIF block but no FLIR segments, with empty extras', async () => {
    const bytes = fixtureBytes('plain-non-flir.jpg');
    expect(isJpeg(bytes)).toBe(true);
    expect(await readFlirJpeg(bytes)).toEqual({
      isFlir: false,
      realImage: null,
      parameters: [],
      measurements: [],
      radiometry: null,
      noTemperatures: 'This picture carries no radiometric data: it is a plain JPEG, not a FLIR radiometric image',
    });
  });

  it('tells a PNG from a JPEG by its content, whatever its name', async () => {
    const bytes = fixtureBytes('not-a-jpeg.png');
    expect(isJpeg(bytes)).toBe(false);
    await expect(readFlirJpeg(bytes)).rejects.toThrow(FlirReadError);
    await expect(readFlirJpeg(bytes)).rejects.toThrow('The file is not a JPEG picture.');
  });

  it('sniffs every fixture JPEG as a JPEG', () => {
    for (const name of FLIR_FIXTURES) expect(isJpeg(fixtureBytes(`${name}.jpg`))).toBe(true);
    expect(isJpeg(new Uint8Array([0xff, 0xd8]))).toBe(false);
    expect(isJpeg(new Uint8Array())).toBe(false);
  });
});

/** The AX8's values, for files built from scratch. */
const AX8_CAMERA: CameraSpec = {
  model: 'TEST CAMERA',
  emissivity: 0.95,
  distanceM: 1,
  reflectedC: 20,
  atmosphericC: 20,
  humidity: 0.5,
  planck: { r1: 16951.796875, r2: 0.0142948674038053, b: 1435.09997558594, f: 1, o: -7142 },
  atmosphere: { alpha1: 0.006569, alpha2: 0.01262, beta1: -0.002276, beta2: -0.00667, x: 1.9 },
  date: { seconds: 1_500_000_000, millis: 5, offsetMinutes: -90 },
};

/** A smooth 40×30 picture of AX8-like raw values (16,700 … 16,877). */
function smoothRaw(width = 40, height = 30): Uint16Array {
  const values = new Uint16Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) values[y * width + x] = 16_700 + x * 3 + y * 2;
  return values;
}

const pngOf = (values: Uint16Array, width: number, height: number) => encode({ width, height, data: values, depth: 16, channels: 1 });

describe('variants no fixture has (files built byte by byte)', () => {
  const values = smoothRaw();
  const camera = { type: RECORD.cameraInfo, data: cameraInfoRecord(AX8_CAMERA) };
  const rawOf = (r: FlirReading) => r.radiometry!.raw;

  it('reads raw PNG samples in either byte order: the smooth reading wins', () => {
    const swappedPng = pngOf(byteSwapped(values), 40, 30); // as FLIR cameras write them
    const straightPng = pngOf(values, 40, 30); // as the PNG standard would
    for (const png of [swappedPng, straightPng]) {
      const reading = extractFlir(flirJpeg(fffBlock([camera, { type: RECORD.rawData, data: rawDataRecord(40, 30, png) }])));
      expect(rawOf(reading)).toEqual({ min: 16_700, max: 16_700 + 39 * 3 + 29 * 2, centre: 16_700 + 20 * 3 + 15 * 2, width: 40, height: 30 });
    }
  });

  it('reads uncompressed samples in the record’s byte order, under a big- or little-endian FFF header', () => {
    for (const littleEndianRecord of [true, false]) {
      for (const littleEndian of [true, false]) {
        const raw = rawDataRecord(40, 30, uncompressedSamples(values, littleEndianRecord), littleEndianRecord);
        const reading = extractFlir(flirJpeg(fffBlock([camera, { type: RECORD.rawData, data: raw }], { littleEndian, version: 101 })));
        expect(rawOf(reading).min).toBe(16_700);
        expect(rawOf(reading).max).toBe(16_700 + 39 * 3 + 29 * 2);
      }
    }
  });

  it('joins FLIR segments by their index, in whatever order they come', () => {
    const block = fffBlock([camera, { type: RECORD.rawData, data: rawDataRecord(40, 30, uncompressedSamples(values, true)) }]);
    const inOrder = extractFlir(flirJpeg(block, { chunkBytes: 500 }));
    // Pad the block to whole chunks (the FFF directory says where records end), then write the
    // chunks last-first, each segment carrying its true index.
    const chunks = Math.ceil(block.length / 500);
    const padded = new Uint8Array(chunks * 500);
    padded.set(block);
    const order = [...Array(chunks).keys()].reverse();
    const shuffled = new Uint8Array(padded.length);
    order.forEach((from, to) => shuffled.set(padded.subarray(from * 500, from * 500 + 500), to * 500));
    const reading = extractFlir(flirJpeg(shuffled, { chunkBytes: 500, indexes: order }));
    expect(inOrder.radiometry!.raw.min).toBe(16_700);
    expect(reading.radiometry!.raw).toEqual(inOrder.radiometry!.raw);
    expect(reading.parameters).toEqual(inOrder.parameters);
  });

  it('turns an embedded PNG in Y Cb Cr into an RGB PNG', () => {
    // Hand-kept: JFIF Y Cb Cr of white, black, red, green and blue, and the RGB they stand for.
    const colours: [number[], number[]][] = [
      [[255, 128, 128], [255, 255, 255]],
      [[0, 128, 128], [0, 0, 0]],
      [[76, 85, 255], [254, 0, 0]],
      [[150, 44, 21], [0, 255, 1]],
      [[29, 255, 107], [0, 0, 255]],
    ];
    const ycbcr = Uint8Array.from(colours.flatMap(([input]) => input!));
    const picture = encode({ width: colours.length, height: 1, data: ycbcr, depth: 8, channels: 3 });
    const reading = extractFlir(flirJpeg(fffBlock([camera, { type: RECORD.embeddedImage, data: embeddedImageRecord(colours.length, 1, picture) }])));
    expect(reading.realImage!.contentType).toBe('image/png');
    const rgb = decode(reading.realImage!.bytes);
    expect([rgb.width, rgb.height, rgb.channels, rgb.depth]).toEqual([colours.length, 1, 3, 8]);
    colours.forEach(([, want], i) => {
      for (let c = 0; c < 3; c++) expect(Math.abs(rgb.data[i * 3 + c]! - want![c]!)).toBeLessThanOrEqual(2);
    });
  });

  it('divides a humidity stored as percent by 100, and shows the time on the camera’s clock', () => {
    const reading = extractFlir(flirJpeg(fffBlock([{ type: RECORD.cameraInfo, data: cameraInfoRecord({ ...AX8_CAMERA, humidity: 64 }) }])));
    expect(valueOf(reading.parameters, 'Relative humidity')).toBe('64 %');
    expect(valueOf(reading.parameters, 'Camera model')).toBe('TEST CAMERA');
    // 1,500,000,000 s = 2017-07-14 02:40:00 UTC; the clock is 90 minutes west of UTC.
    expect(valueOf(reading.parameters, 'Date')).toBe('2017-07-14 01:10:00 -01:30');
    expect(reading.measurements).toEqual([]); // no raw data: no measurements
    expect(reading.radiometry).toBeNull();
    expect(reading.noTemperatures).toBe('This FLIR picture carries no raw thermal data, so no temperatures can be read from it');
  });

  it('gives parameters but no measurements when the raw data comes in a layout it does not handle', () => {
    const raw8bit = encode({ width: 40, height: 30, data: new Uint8Array(1200), depth: 8, channels: 1 });
    const reading = extractFlir(flirJpeg(fffBlock([camera, { type: RECORD.rawData, data: rawDataRecord(40, 30, raw8bit) }])));
    expect(reading.isFlir).toBe(true);
    expect(reading.parameters.length).toBe(7);
    expect(reading.measurements).toEqual([]);
    expect(reading.noTemperatures).toBe('This FLIR picture stores its raw thermal data in a layout FacilityOps cannot read, so no temperatures can be read from it');
  });

  it('says why a FLIR picture with raw data gives no temperatures: no calibration constants, or settings the formula cannot use', () => {
    const raw = { type: RECORD.rawData, data: rawDataRecord(40, 30, uncompressedSamples(values, true)) };
    expect(extractFlir(flirJpeg(fffBlock([raw]))).noTemperatures).toBe("This FLIR picture lacks the camera's calibration constants, so no temperatures can be read from it");
    const zeroEmissivity = { type: RECORD.cameraInfo, data: cameraInfoRecord({ ...AX8_CAMERA, emissivity: 0 }) };
    expect(extractFlir(flirJpeg(fffBlock([zeroEmissivity, raw]))).noTemperatures).toBe(
      'The camera settings stored in this FLIR picture are missing or out of range (emissivity, distance, temperatures or humidity), so no temperatures can be read from it',
    );
  });
});

/**
 * A JPEG with `segments` (marker, data) put in after its SOI, each as an APPn segment. No real DJI
 * R-JPEG is among the shared fixtures: this gives the real plain JPEG the two marks ExifTool knows
 * DJI's thermal files by (EXIF Make "DJI" with APP3 thermal data; APP4 thermal parameters).
 */
function withSegments(jpeg: Uint8Array, segments: [number, Uint8Array][]): Uint8Array {
  const parts = segments.map(([marker, data]) => Uint8Array.from([0xff, marker, (data.length + 2) >> 8, (data.length + 2) & 0xff, ...data]));
  return Uint8Array.from([...jpeg.subarray(0, 2), ...parts.flatMap((part) => [...part]), ...jpeg.subarray(2)]);
}

/** The plain fixture with its EXIF Make "Generic" written over as "DJI" (same length, NUL-padded). */
function madeByDji(jpeg: Uint8Array): Uint8Array {
  const copy = jpeg.slice();
  const at = Buffer.from(copy).indexOf('Generic\0', 0, 'latin1');
  expect(at).toBeGreaterThan(0);
  copy.set([0x44, 0x4a, 0x49, 0, 0, 0, 0, 0], at);
  return copy;
}

describe('a DJI R-JPEG (H20T, M30T, M3T…): kept as a picture, saying why there are no temperatures', () => {
  const plain = () => fixtureBytes('plain-non-flir.jpg');
  const DJI = "This camera's format (DJI R-JPEG) carries no FLIR radiometric data that FacilityOps can read";
  const thermalData = new Uint8Array(4096).map((_, i) => i % 251);
  const thermalParams = Uint8Array.from([0x06, 0x12, 0x55, 0xaa, ...new Uint8Array(124)]);

  it('is told by DJI as its EXIF Make with APP3 thermal data, or by its APP4 thermal parameters', () => {
    expect(extractFlir(withSegments(madeByDji(plain()), [[0xe3, thermalData]]))).toMatchObject({ isFlir: false, measurements: [], noTemperatures: DJI });
    expect(extractFlir(withSegments(plain(), [[0xe4, thermalParams]])).noTemperatures).toBe(DJI);
  });

  it('is not claimed for a DJI photo without thermal data, nor for APP3 of another maker', () => {
    const PLAIN = 'This picture carries no radiometric data: it is a plain JPEG, not a FLIR radiometric image';
    expect(extractFlir(madeByDji(plain())).noTemperatures).toBe(PLAIN);
    expect(extractFlir(withSegments(plain(), [[0xe3, thermalData]])).noTemperatures).toBe(PLAIN);
  });
});

describe('recomputing with corrected settings', () => {
  const FIXTURE_OF = { t420: 'flir-t420', i7: 'flir-i7', dji: 'dji-zenmuse-xtr' } as const;
  let radiometry: Record<keyof typeof FIXTURE_OF, RadiometryData>;
  beforeAll(async () => {
    const read = async (name: FlirFixture) => (await readFlirJpeg(fixtureBytes(`${name}.jpg`))).radiometry!;
    radiometry = { t420: await read('flir-t420'), i7: await read('flir-i7'), dji: await read('dji-zenmuse-xtr') };
  });

  it("starts from the fixtures: each one's raw extremes, and the settings the hand computations below assume", () => {
    for (const [key, name] of Object.entries(FIXTURE_OF)) {
      const { min, max, centre } = expectedOf(name).raw;
      expect(radiometry[key as keyof typeof FIXTURE_OF].raw, name).toMatchObject({ min, max, centre });
    }
    expect(radiometry.t420.settings.reflectedTemperatureC).toBeCloseTo(24, 4);
    expect(radiometry.i7.settings.reflectedTemperatureC).toBeCloseTo(20, 4);
    expect(radiometry.dji.raw.centre).toBe(3355);
  });

  it('moves the right way when emissivity drops: hotter than the surroundings reads hotter, colder reads colder', () => {
    // Values computed by hand from the fixtures' README formula (single path) with emissivity 0.80.
    const t420 = recomputeMeasurements(radiometry.t420, { emissivity: 0.8 });
    expect(valueOf(t420, 'Max')).toBe('209.3 °C'); // was 187.9: hotter than the 24 °C reflected
    expect(valueOf(t420, 'Min')).toBe('34.9 °C'); // was 33.3
    const i7 = recomputeMeasurements(radiometry.i7, { emissivity: 0.8 });
    expect(valueOf(i7, 'Min')).toBe('4.6 °C'); // was 7.2: colder than the 20 °C reflected, so colder still
    expect(valueOf(i7, 'Max')).toBe('23.8 °C'); // was 23.2
  });

  it('applies every correction at once (hand-computed centre pixel of the Zenmuse)', () => {
    const corrected = recomputeMeasurements(radiometry.dji, {
      emissivity: 0.95,
      objectDistanceM: 5,
      reflectedTemperatureC: 10,
      atmosphericTemperatureC: 25,
      relativeHumidityPercent: 30,
    });
    expect(valueOf(corrected, 'Center')).toBe('25.8 °C'); // raw 3355; README formula gives 25.80 °C
  });

  it('refuses settings the formula cannot use, naming the setting', () => {
    const cases: [Record<string, number>, string, string][] = [
      [{ emissivity: 0 }, 'emissivity', 'Emissivity must be more than 0 and at most 1'],
      [{ emissivity: 1.5 }, 'emissivity', 'Emissivity must be more than 0 and at most 1'],
      [{ emissivity: Number.NaN }, 'emissivity', 'Emissivity must be more than 0 and at most 1'],
      [{ relativeHumidityPercent: 150 }, 'relativeHumidityPercent', 'Relative humidity must be between 0 and 100 %'],
      [{ objectDistanceM: -1 }, 'objectDistanceM', 'Object distance must be between 0 and 10000 m'],
      [{ reflectedTemperatureC: -300 }, 'reflectedTemperatureC', 'Reflected temperature must be between -100 and 1000 °C'],
      [{ atmosphericTemperatureC: Infinity }, 'atmosphericTemperatureC', 'Atmospheric temperature must be between -100 and 100 °C'],
    ];
    for (const [corrections, field, message] of cases) {
      let thrown: unknown;
      try {
        recomputeMeasurements(radiometry.t420, corrections);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(FlirSettingsError);
      expect((thrown as FlirSettingsError).field).toBe(field);
      expect((thrown as FlirSettingsError).message).toBe(message);
    }
  });
});

/**
 * The fixture set's README formula ("How the expected values were made", step 4: single path, no IR
 * window), written out here apart from the reader, with the constants exiftool reads from the file.
 * Humidity in %, temperatures in °C.
 */
function referenceCelsius(tags: ExiftoolTags, raw: number, air: { temperatureC: number; humidityPercent: number; distanceM: number }): number {
  const tag = (name: string) => Number(tags[name]);
  const [r1, r2, b, f, o] = ['PlanckR1', 'PlanckR2', 'PlanckB', 'PlanckF', 'PlanckO'].map(tag) as [number, number, number, number, number];
  const signalAt = (kelvin: number) => r1 / (r2 * (Math.exp(b / kelvin) - f)) - o;
  const kelvinOf = (signal: number) => b / Math.log(r1 / (r2 * (signal + o)) + f);
  const t = air.temperatureC;
  const waterVapour = (air.humidityPercent / 100) * Math.exp(1.5587 + 0.06939 * t - 0.00027816 * t ** 2 + 0.00000068455 * t ** 3);
  const path = (alpha: number, beta: number) => Math.exp(-Math.sqrt(air.distanceM) * (alpha + beta * Math.sqrt(waterVapour)));
  const x = tag('AtmosphericTransX');
  const tau = x * path(tag('AtmosphericTransAlpha1'), tag('AtmosphericTransBeta1')) + (1 - x) * path(tag('AtmosphericTransAlpha2'), tag('AtmosphericTransBeta2'));
  const e = tag('Emissivity');
  const objectSignal = (raw - (1 - e) * tau * signalAt(tag('ReflectedApparentTemperature') + 273.15) - (1 - tau) * signalAt(t + 273.15)) / (e * tau);
  return kelvinOf(objectSignal) - 273.15;
}

describe('the full correction under hot, humid air at 20 m (where the water vapour counts)', () => {
  /** Min, max and centre pixel of each fixture, as the README's table has them. */
  const pixels = (name: FlirFixture) => {
    const expected = expectedOf(name);
    return [
      [expected.raw.min, expected.minTempC],
      [expected.raw.max, expected.maxTempC],
      [expected.raw.centre, expected.centreTempC],
    ] as const;
  };
  const HOT_HUMID = { temperatureC: 40, humidityPercent: 95, distanceM: 20 };

  it("the reference formula gives the README's table at the camera's own settings", () => {
    for (const name of FLIR_FIXTURES) {
      const tags = exiftoolOf(name);
      const air = { temperatureC: Number(tags.AtmosphericTemperature), humidityPercent: Number(tags.RelativeHumidity) * 100, distanceM: Number(tags.ObjectDistance) };
      // The table is rounded to 0.1 °C: the unrounded value is within half a step of it.
      for (const [raw, shown] of pixels(name)) expect(Math.abs(referenceCelsius(tags, raw, air) - shown), `${name} raw ${raw}`).toBeLessThanOrEqual(0.05 + 1e-9);
    }
  });

  it('the reader agrees with the reference within 0.01 °C at 40 °C, 95 % and 20 m, for every fixture', async () => {
    for (const name of FLIR_FIXTURES) {
      const tags = exiftoolOf(name);
      const radiometry = (await readFlirJpeg(fixtureBytes(`${name}.jpg`))).radiometry!;
      const { celsius, tau } = objectTemperatures(radiometry.planck, radiometry.atmosphere, {
        ...radiometry.settings,
        atmosphericTemperatureC: HOT_HUMID.temperatureC,
        relativeHumidityPercent: HOT_HUMID.humidityPercent,
        objectDistanceM: HOT_HUMID.distanceM,
      });
      // Air this thick takes several per cent off what reaches the camera (τ ≈ 0.93).
      expect(tau, name).toBeLessThan(0.95);
      for (const [raw] of pixels(name)) expect(Math.abs(celsius(raw) - referenceCelsius(tags, raw, HOT_HUMID)), `${name} raw ${raw}`).toBeLessThanOrEqual(0.01);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Hostile input: every outcome must be a reading or a FlirReadError, quickly.

const TIME_BOUND_MS = 2_000;

function expectBounded(bytes: Uint8Array): FlirReading | FlirReadError {
  const started = performance.now();
  const outcome = readOrRefuse(bytes);
  expect(performance.now() - started).toBeLessThan(TIME_BOUND_MS);
  return outcome;
}

/** Offset of the first FLIR APP1 segment's FFF block in a single-segment fixture. */
function fffStart(bytes: Uint8Array): number {
  for (let i = 0; i + 8 < bytes.length; i++) {
    if (bytes[i] === 0x46 && bytes[i + 1] === 0x4c && bytes[i + 2] === 0x49 && bytes[i + 3] === 0x52 && bytes[i + 4] === 0 && bytes[i + 8] === 0x46) return i + 8;
  }
  throw new Error('no FLIR segment');
}

/** The FLIR part of a fixture: from its first byte to the start of the image data. */
function headerSpan(bytes: Uint8Array): number {
  for (let i = 2; i + 1 < bytes.length; i++) if (bytes[i] === 0xff && bytes[i + 1] === 0xda) return i;
  return bytes.length;
}

function pngFile(width: number, height: number, idat: Uint8Array, depth = 16, colourType = 0): Uint8Array {
  const chunk = (type: string, data: Uint8Array) => {
    const head = new Uint8Array(8 + data.length + 4);
    const view = new DataView(head.buffer);
    view.setUint32(0, data.length);
    head.set(new TextEncoder().encode(type), 4);
    head.set(data, 8);
    view.setUint32(8 + data.length, crc32(head.subarray(4, 8 + data.length)));
    return head;
  };
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  ihdr.set([depth, colourType, 0, 0, 0], 8);
  const parts = [Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', new Uint8Array())];
  return Uint8Array.from(parts.flatMap((p) => [...p]));
}

describe('hostile and damaged files', () => {
  const camera = { type: RECORD.cameraInfo, data: cameraInfoRecord(AX8_CAMERA) };

  it('refuses every fixture truncated anywhere in its FLIR data, and is bounded when cut in its image data', () => {
    for (const name of FLIR_FIXTURES) {
      const bytes = fixtureBytes(`${name}.jpg`);
      const span = headerSpan(bytes);
      const cuts = [0, 1, 2, 3, 4, 100];
      for (let i = 1; i < 60; i++) cuts.push(Math.floor((span * i) / 60));
      for (const cut of cuts) expect(expectBounded(bytes.subarray(0, cut)), `${name} cut at ${cut}`).toBeInstanceOf(FlirReadError);
      // Cut inside the picture itself: refused when no end marker remains (the t420 has an
      // FF D9 before its real end, so some of its cuts still read), never anything else.
      for (let i = 1; i <= 8; i++) expectBounded(bytes.subarray(0, span + Math.floor(((bytes.length - span) * i) / 9)));
      if (name !== 'flir-t420') expect(expectBounded(bytes.subarray(0, bytes.length - 1)), `${name} without EOI`).toBeInstanceOf(FlirReadError);
    }
  });

  it('refuses corrupt FFF headers, directories and records', () => {
    const original = fixtureBytes('flir-ax8.jpg');
    const fff = fffStart(original);
    const directory = new DataView(original.buffer, original.byteOffset).getUint32(fff + 24); // big-endian header
    const count = new DataView(original.buffer, original.byteOffset).getUint32(fff + 28);
    const damage: [string, (view: DataView) => void][] = [
      ['magic', (v) => v.setUint8(fff, 0x58)],
      ['version', (v) => v.setUint32(fff + 20, 7)],
      ['directory offset', (v) => v.setUint32(fff + 24, 0xfffffff0)],
      ['entry count', (v) => v.setUint32(fff + 28, 0xffffffff)],
      ['entry count past the block', (v) => v.setUint32(fff + 28, 5000)],
    ];
    for (let i = 0; i < count; i++) {
      const entry = fff + directory + i * 32;
      if (new DataView(original.buffer, original.byteOffset).getUint16(entry) === 0) continue; // an empty entry is skipped anyway
      damage.push([`record ${i} offset`, (v) => v.setUint32(entry + 12, 0xffffff00)]);
      damage.push([`record ${i} length`, (v) => v.setUint32(entry + 16, 0x7fffffff)]);
    }
    for (const [what, hurt] of damage) {
      const bytes = original.slice();
      hurt(new DataView(bytes.buffer));
      expect(expectBounded(bytes), what).toBeInstanceOf(FlirReadError);
    }
  });

  it('refuses JPEG segment lengths that run past the file or stop short', () => {
    const original = fixtureBytes('flir-i7.jpg');
    const fff = fffStart(original);
    for (const length of [0, 1, 0xffff]) {
      const bytes = original.slice();
      bytes[fff - 10] = length >> 8;
      bytes[fff - 9] = length & 0xff;
      expect(expectBounded(bytes), `APP1 length ${length}`).toBeInstanceOf(FlirReadError);
    }
  });

  it('refuses FLIR segment indexes that repeat, skip or run past the last', () => {
    const block = fffBlock([camera, { type: RECORD.rawData, data: rawDataRecord(40, 30, uncompressedSamples(smoothRaw(), true)) }]);
    const chunks = Math.ceil(block.length / 400);
    const variants: [string, { indexes?: number[]; lastIndexes?: number[] }][] = [
      ['all index 0', { indexes: Array(chunks).fill(0) }],
      ['a loop back to 1', { indexes: [...Array(chunks).keys()].map((i) => (i === chunks - 1 ? 1 : i)) }],
      ['index past the last', { indexes: [...Array(chunks).keys()].map((i) => (i === 2 ? 200 : i)) }],
      ['last index 255', { lastIndexes: Array(chunks).fill(255) }],
      ['disagreeing counts', { lastIndexes: [...Array(chunks).keys()].map((i) => (i === 1 ? chunks : chunks - 1)) }],
      ['last index 0 on every segment', { lastIndexes: Array(chunks).fill(0) }],
    ];
    for (const [what, options] of variants) {
      expect(expectBounded(flirJpeg(block, { chunkBytes: 400, ...options })), what).toBeInstanceOf(FlirReadError);
    }
  });

  it('refuses giant or impossible raw image sizes before allocating them', () => {
    const impossible = 'The raw thermal data is damaged (impossible image size).';
    const short = 'The raw thermal data is truncated or damaged.';
    const uncompressed: [number, number, string][] = [
      [65_535, 65_535, impossible],
      [0, 30, impossible],
      [40, 0, impossible],
      [5_000, 2, impossible],
      [4_000, 4_000, short],
      [40, 31, short], // one row more than the data holds
    ];
    for (const [width, height, message] of uncompressed) {
      const raw = rawDataRecord(width, height, uncompressedSamples(smoothRaw(), true));
      const outcome = expectBounded(flirJpeg(fffBlock([camera, { type: RECORD.rawData, data: raw }])));
      expect(outcome, `${width}×${height}`).toBeInstanceOf(FlirReadError);
      expect((outcome as FlirReadError).message).toBe(message);
    }
    const tinyData = deflateSync(new Uint8Array(10));
    for (const [width, height] of [
      [100_000, 100_000],
      [4_097, 1],
      [0xffffffff, 0xffffffff],
    ]) {
      const raw = rawDataRecord(40, 30, pngFile(width!, height!, tinyData));
      const outcome = expectBounded(flirJpeg(fffBlock([camera, { type: RECORD.rawData, data: raw }])));
      expect(outcome, `PNG ${width}×${height}`).toBeInstanceOf(FlirReadError);
      expect((outcome as FlirReadError).message).toBe('The raw thermal data is larger than this reader accepts.');
    }
  });

  it('stops inflating a PNG at the size its header announces (decompression bomb)', () => {
    const bomb = deflateSync(new Uint8Array(64 * 1024 * 1024)); // 64 MiB of zeros in about 64 KiB
    const raw = rawDataRecord(4096, 4096, pngFile(4096, 4096, bomb));
    const started = performance.now();
    expect(expectBounded(flirJpeg(fffBlock([camera, { type: RECORD.rawData, data: raw }])))).toBeInstanceOf(FlirReadError);
    expect(performance.now() - started).toBeLessThan(TIME_BOUND_MS);
    const shortData = pngFile(40, 30, deflateSync(new Uint8Array(100)));
    expect(expectBounded(flirJpeg(fffBlock([camera, { type: RECORD.rawData, data: rawDataRecord(40, 30, shortData) }])))).toBeInstanceOf(FlirReadError);
  });

  it('survives random damage to any fixture: a reading or a FlirReadError, in bounded time (property)', () => {
    const fixtures = FLIR_FIXTURES.map((name) => {
      const bytes = fixtureBytes(`${name}.jpg`);
      return { name, bytes, span: headerSpan(bytes) };
    });
    const mutation = fc.record({
      fixture: fc.nat(fixtures.length - 1),
      edits: fc.array(fc.record({ at: fc.nat(), value: fc.nat(255), wide: fc.boolean() }), { minLength: 1, maxLength: 12 }),
      // Mostly whole files (so the damage reaches deep into the records), sometimes cut short too.
      cut: fc.oneof({ arbitrary: fc.constant(null), weight: 4 }, { arbitrary: fc.nat(), weight: 1 }),
    });
    let readings = 0;
    let runs = 0;
    fc.assert(
      fc.property(mutation, ({ fixture, edits, cut }) => {
        const { bytes: original, span } = fixtures[fixture]!;
        let bytes = original.slice();
        for (const edit of edits) {
          // Mostly inside the FLIR data (where lengths and offsets live), sometimes anywhere.
          bytes[edit.at % (edit.wide ? bytes.length : span)] = edit.value;
        }
        if (cut !== null) bytes = bytes.subarray(0, cut % bytes.length);
        const outcome = expectBounded(bytes);
        runs++;
        if (!(outcome instanceof FlirReadError)) {
          readings++;
          for (const m of outcome.measurements) expect(m.v).toMatch(/^-?\d+\.\d °C$/);
        }
      }),
      { numRuns: 200 },
    );
    // Damage often lands where it is harmless (pixels, the embedded picture): both outcomes are exercised.
    expect(readings).toBeGreaterThan(runs / 10);
    expect(readings).toBeLessThan(runs);
  });
});

describe('the reader threads', () => {
  it('reads several files at once, each answer to its own file', async () => {
    const names = [...FLIR_FIXTURES, ...FLIR_FIXTURES];
    const readings = await Promise.all(names.map((name) => readFlirJpeg(fixtureBytes(`${name}.jpg`))));
    readings.forEach((reading, i) => {
      const expected = expectedOf(names[i]!);
      expect(reading.radiometry!.raw.centre).toBe(expected.raw.centre);
    });
  });

  it('leaves the caller’s bytes alone', async () => {
    const bytes = fixtureBytes('flir-ax8.jpg');
    const copy = bytes.slice();
    await readFlirJpeg(bytes);
    expect(bytes).toEqual(copy);
  });

  it('stops a read past its time limit, and the next read gets a fresh thread', async () => {
    // Within every limit but slow: a 4096 × 4096 raw PNG of zeros, every row Paeth-filtered (the
    // costliest filter to undo), is 33 KiB and takes some 300 ms or more to read.
    const rowBytes = 4096 * 2 + 1;
    const rows = new Uint8Array(4096 * rowBytes);
    for (let y = 0; y < 4096; y++) rows[y * rowBytes] = 4;
    const slowPng = pngFile(4096, 4096, deflateSync(rows));
    const slow = flirJpeg(fffBlock([{ type: RECORD.cameraInfo, data: cameraInfoRecord(AX8_CAMERA) }, { type: RECORD.rawData, data: rawDataRecord(4096, 4096, slowPng) }]));
    expect(extractFlir(slow).radiometry!.raw.max).toBe(0); // a valid file: only its time is at stake
    // The pool's clock is fake: vi.waitFor moves it 50 ms per check while the thread really reads, so
    // the slow read passes its limit whatever the machine's load; the next read's limit never comes.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const pool = createFlirReaderPool({ workers: 1, timeLimitMs: 100 });
    try {
      let outcome: string | undefined;
      pool.read(slow).then(
        () => (outcome = 'read'),
        (error: Error) => (outcome = error.message),
      );
      await vi.waitFor(() => expect(outcome).toBeDefined(), { timeout: 60_000, interval: 50 });
      expect(outcome).toBe('Reading the FLIR data took too long; the file may be damaged.');
      const after = await pool.read(fixtureBytes('flir-i7.jpg'));
      expect(valueOf(after.measurements, 'Center')).toBe('14.5 °C');
    } finally {
      vi.useRealTimers();
      await pool.close();
    }
  });
});
