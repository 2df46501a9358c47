import { useEffect, useState } from "react";

/**
 * The time the week overview judges visits by ("versäumt" once a window passed), moving on each
 * minute. Components take it as a value, so tests pass the moment they need.
 */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
