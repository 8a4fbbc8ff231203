import { useEffect, useState } from 'react';
import { toDayText } from '../tables/tableFilters';

const CHECK_EVERY_MS = 60_000;

/** Today's date (YYYY-MM-DD), changing at midnight: '{n} days' ranges roll forward on a board left open. */
export function useToday(): string {
  const [today, setToday] = useState(() => toDayText(Date.now()));
  useEffect(() => {
    const timer = setInterval(() => setToday(toDayText(Date.now())), CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, []);
  return today;
}
