/**
 * The predefined observation and recommendation texts of spec §9, written out from its
 * descriptions ("overheated area, cable, terminal, insufficient load current, no load, no
 * anomalies"; "check cable capacity against load current; check terminals for loose or corroded
 * connections"). Hand-kept: a stored note holds the text itself, so changing a line here leaves
 * old notes' lines as free text.
 */
export const PREDEFINED_OBSERVATIONS: readonly string[] = [
  'Overheated area detected',
  'Overheated cable detected',
  'Overheated terminal detected',
  'Load current insufficient for a conclusive inspection',
  'No load at the time of inspection',
  'No anomalies detected',
];

export const PREDEFINED_RECOMMENDATIONS: readonly string[] = [
  'Check the cable capacity against the load current',
  'Check the terminals for loose or corroded connections',
];
