import { useEffect, useState } from 'react';
import { toDayText } from '../tables/tableFilters';

const CHECK_EVERY_MS = 60_000;

/**
 * A moment of today (epoch ms) that changes only when the day does: '{n} days' ranges computed
 * from it roll forward at midnight on a board left open, and stay put within the day.
 */
export function useToday(): number {
  const [today, setToday] = useState(() => ({ day: toDayText(Date.now()), at: Date.now() }));
  useEffect(() => {
    const timer = setInterval(() => {
      const now = Date.now();
      const day = toDayText(now);
      setToday((current) => (current.day === day ? current : { day, at: now }));
    }, CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, []);
  return today.at;
}
