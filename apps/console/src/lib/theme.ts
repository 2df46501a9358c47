import { useSyncExternalStore } from "react";
import { THEME_STORAGE_KEY } from "@/config/env";

export type Theme = "light" | "dark" | "system";
const THEMES: Theme[] = ["light", "dark", "system"];

export const THEME_LABELS: Record<Theme, string> = { light: "Hell", dark: "Dunkel", system: "System" };

let current: Theme = "system";
const listeners = new Set<() => void>();
const media = () => window.matchMedia?.("(prefers-color-scheme: dark)");

export function resolveTheme(theme: Theme): "light" | "dark" {
  if (theme !== "system") return theme;
  return media()?.matches ? "dark" : "light";
}

function apply() {
  document.documentElement.classList.toggle("dark", resolveTheme(current) === "dark");
  document.documentElement.dataset.theme = current;
  for (const listener of listeners) listener();
}

/** Reads the saved choice and follows the system's preference while 'system' is chosen. */
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

export function setTheme(theme: Theme): void {
  current = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // the choice still applies for this tab
  }
  apply();
}

export function nextTheme(theme: Theme): Theme {
  return THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length]!;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, () => current);
}
