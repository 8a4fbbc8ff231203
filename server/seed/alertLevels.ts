/**
 * Spec §3 alert levels, most severe first (rank 1). DESIGN §5: a threshold without a level
 * raises the most severe one. Seeded on every start as system data; colours are editable.
 */
export const DEFAULT_ALERT_LEVELS = [
  { name: 'Critical', technicalName: 'critical', color: '#d32f2f', rank: 1 },
  { name: 'High', technicalName: 'high', color: '#f57c00', rank: 2 },
  { name: 'Medium', technicalName: 'medium', color: '#fbc02d', rank: 3 },
  { name: 'Low', technicalName: 'low', color: '#388e3c', rank: 4 },
] as const;
