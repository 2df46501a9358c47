import { useEffect, useState } from "react";
import { afterStartup } from "./after-startup";

/**
 * True once `afterStartup` has run: for parts of a screen that must not delay its first paint
 * (the dashboard's line of today's services). Its own module, so the login's start does not carry it.
 */
export function useAfterStartup(): boolean {
  const [started, setStarted] = useState(false);
  useEffect(() => afterStartup(() => setStarted(true)), []);
  return started;
}
