/**
 * The radiometric formula of FLIR cameras (DESIGN §8's "single path": the full atmospheric
 * correction over the whole distance), in common/ so the server's FLIR reader
 * (server/modules/thermography/flir/) and a page turning raw values into temperatures share it.
 */

/** The camera's calibration of its sensor: raw signal S(T) = R1 / (R2 · (exp(B / T) − F)) − O, T in kelvin. */
export interface PlanckConstants {
  r1: number;
  r2: number;
  b: number;
  f: number;
  o: number;
}

/** The camera's model of the air between it and the object (FLIR's AtmosphericTrans* constants). */
export interface AtmosphereConstants {
  alpha1: number;
  alpha2: number;
  beta1: number;
  beta2: number;
  x: number;
}

/** The settings a thermographer enters on the camera (and may correct afterwards). */
export interface ObjectSettings {
  /** 0 < e ≤ 1. */
  emissivity: number;
  reflectedTemperatureC: number;
  atmosphericTemperatureC: number;
  objectDistanceM: number;
  /** 0–100. */
  relativeHumidityPercent: number;
}

const KELVIN = 273.15;

/** The raw signal a blackbody at `kelvin` gives: S(T) = R1 / (R2 · (exp(B / T) − F)) − O. */
export function signalOfTemperature(planck: PlanckConstants, kelvin: number): number {
  return planck.r1 / (planck.r2 * (Math.exp(planck.b / kelvin) - planck.f)) - planck.o;
}

/** The inverse: T = B / ln(R1 / (R2 · (S + O)) + F), in kelvin (NaN where the signal has no temperature). */
export function temperatureOfSignal(planck: PlanckConstants, signal: number): number {
  return planck.b / Math.log(planck.r1 / (planck.r2 * (signal + planck.o)) + planck.f);
}

/**
 * Transmission of the air over `distanceM` at `temperatureC` and relative humidity (a fraction):
 * water vapour w = h · exp(1.5587 + 0.06939 t − 0.00027816 t² + 0.00000068455 t³), then
 * τ = X · exp(−√d · (α1 + β1 √w)) + (1 − X) · exp(−√d · (α2 + β2 √w)).
 */
export function atmosphericTransmission(atmosphere: AtmosphereConstants, distanceM: number, temperatureC: number, humidity: number): number {
  const t = temperatureC;
  const water = humidity * Math.exp(1.5587 + 0.06939 * t - 0.00027816 * t * t + 0.00000068455 * t * t * t);
  const root = Math.sqrt(distanceM);
  const sqrtWater = Math.sqrt(water);
  const { alpha1, alpha2, beta1, beta2, x } = atmosphere;
  return x * Math.exp(-root * (alpha1 + beta1 * sqrtWater)) + (1 - x) * Math.exp(-root * (alpha2 + beta2 * sqrtWater));
}

/**
 * Converts raw values to object temperatures (°C) with the full correction ("single path": τ over
 * the whole distance). The camera measures S = E·τ·S_obj + (1−E)·τ·S(T_refl) + (1−τ)·S(T_atm);
 * solved for S_obj and turned into a temperature. The IR window is left out: its transmission is
 * 1 in every file seen (docs/thermography.md).
 */
export function objectTemperatures(planck: PlanckConstants, atmosphere: AtmosphereConstants, settings: ObjectSettings) {
  const tau = atmosphericTransmission(atmosphere, settings.objectDistanceM, settings.atmosphericTemperatureC, settings.relativeHumidityPercent / 100);
  const e = settings.emissivity;
  const reflected = (1 - e) * tau * signalOfTemperature(planck, settings.reflectedTemperatureC + KELVIN);
  const atmospheric = (1 - tau) * signalOfTemperature(planck, settings.atmosphericTemperatureC + KELVIN);
  return {
    tau,
    celsius(raw: number): number {
      const objectSignal = (raw - reflected - atmospheric) / (e * tau);
      return temperatureOfSignal(planck, objectSignal) - KELVIN;
    },
  };
}
