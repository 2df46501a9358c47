import { useState } from "react";
import { Outlet, useLocation, useNavigationType } from "react-router";
import { NAVIGATION_ORDER } from "@/config/paths";

type Direction = "forward" | "backward";

function rank(pathname: string): number {
  const index = NAVIGATION_ORDER.indexOf(pathname);
  if (index >= 0) return index;
  // Detail and other pages sit "deeper" than every tab.
  return NAVIGATION_ORDER.length + pathname.split("/").filter(Boolean).length;
}

export function directionOf(from: string, to: string, pop: boolean): Direction {
  if (pop) return "backward";
  return rank(to) < rank(from) ? "backward" : "forward";
}

/** Fades pages in, sliding a little forward or backward depending on the direction of travel. */
export function AnimatedOutlet() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const [track, setTrack] = useState<{ path: string; direction: Direction }>({
    path: location.pathname,
    direction: "forward",
  });
  if (track.path !== location.pathname) {
    // Derived during render (React's "store the previous value" pattern), safe under StrictMode.
    setTrack({
      path: location.pathname,
      direction: directionOf(track.path, location.pathname, navigationType === "POP"),
    });
  }

  return (
    <div
      key={location.pathname}
      // The screen now shown (tests wait for it after a navigation).
      data-path={location.pathname}
      data-direction={track.direction}
      className={track.direction === "forward" ? "animate-page-forward" : "animate-page-backward"}
    >
      <Outlet />
    </div>
  );
}
