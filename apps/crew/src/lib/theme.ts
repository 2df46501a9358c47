import { useSyncExternalStore } from "react";
import { THEME_STORAGE_KEY } from "./config";

/** Light, dark or the system's choice; dark is the `dark` class on <html> (packages/ui theme.css). */
export type Theme = "light" | "dark" | "system";
const THEMES: Theme[] = ["light", "dark", "system"];
export const THEME_LABELS: Record<Theme, string> = { light: "Hell", dark: "Dunkel", system: "System" };

let current: Theme = "system";
const listeners = new Set<() => void>();
const media = () => window.matchMedia?.("(prefers-color-scheme: dark)");

function apply() {
  const dark = current === "dark" || (current === "system" && Boolean(media()?.matches));
  document.documentElement.classList.toggle("dark", dark);
  for (const listener of listeners) listener();
}

export function initTheme(): void {
  try {
    const saved = localStorage.getItem(THEME_STORAGE_KEY);
    current = THEMES.find((theme) => theme === saved) ?? "system";
  } catch {
    current = "system";
  }
  apply();
  media()?.addEventListener("change", () => {
    if (current === "system") apply();
  });
}

export function cycleTheme(): void {
  current = THEMES[(THEMES.indexOf(current) + 1) % THEMES.length]!;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, current);
  } catch {
    // applies for this tab
  }
  apply();
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    () => current,
  );
}
