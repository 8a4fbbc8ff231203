/**
 * The MQTT topic scheme of readings (DESIGN §17, README "Sensor readings"):
 * `facilityops/<site>/<asset identification>/<point key>`, payload `{"key": "<device key>", "value": 21.5, "ts": …}`.
 * A segment holds no `/`, `+` or `#` (MQTT's separators and wildcards); an identification that does
 * is published with those characters %-escaped (encodeURIComponent), as a REST gateway sends it.
 */
export const TOPIC_ROOT = 'facilityops';

/** The subscription of every server process: MQTT 5 shared, so each reading reaches one process. */
export const SHARED_GROUP = 'facilityops';
export const READINGS_FILTER = `${TOPIC_ROOT}/+/+/+`;
export const SHARED_READINGS_FILTER = `$share/${SHARED_GROUP}/${READINGS_FILTER}`;

/** A site or point key: a topic segment without MQTT's separators, wildcards or spaces. */
export const SEGMENT = /^[A-Za-z0-9_.:-]+$/;
export const SEGMENT_RULE = 'letters, digits and _ . : - only';

export interface ReadingTopic {
  site: string;
  identification: string;
  point: string;
}

/** The parts of a reading's topic; null for a topic outside the scheme. */
export function parseReadingTopic(topic: string): ReadingTopic | null {
  const parts = topic.split('/');
  if (parts.length !== 4 || parts[0] !== TOPIC_ROOT) return null;
  const [, site, escaped, point] = parts as [string, string, string, string];
  if (!SEGMENT.test(site) || !SEGMENT.test(point) || escaped.length === 0) return null;
  let identification: string;
  try {
    identification = decodeURIComponent(escaped);
  } catch {
    return null;
  }
  return { site, identification, point };
}

/** A reading's topic, its identification escaped where it holds a character a segment cannot. */
export const readingTopic = ({ site, identification, point }: ReadingTopic): string => `${TOPIC_ROOT}/${site}/${encodeURIComponent(identification)}/${point}`;

/** Whether an MQTT topic filter (`+` one level, `#` the rest) is well formed. */
export function isTopicFilter(filter: string): boolean {
  if (filter.length === 0 || filter.length > 200) return false;
  const levels = filter.split('/');
  return levels.every((level, i) => {
    if (level === '#') return i === levels.length - 1;
    if (level === '+') return true;
    return !level.includes('+') && !level.includes('#');
  });
}

/** Whether `topic` matches an MQTT topic filter. */
export function topicMatches(filter: string, topic: string): boolean {
  const wanted = filter.split('/');
  const levels = topic.split('/');
  for (let i = 0; i < wanted.length; i += 1) {
    const level = wanted[i];
    if (level === '#') return true;
    if (i >= levels.length) return false;
    if (level !== '+' && level !== levels[i]) return false;
  }
  return wanted.length === levels.length;
}
