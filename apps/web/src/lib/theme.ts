import { useSyncExternalStore } from "react";
import { getItem, STORAGE_KEYS, setItem } from "./storage";

export type Theme = "light" | "dark" | "system";
export const THEME_CYCLE: Theme[] = ["light", "dark", "system"];

export function nextTheme(theme: Theme): Theme {
  return THEME_CYCLE[(THEME_CYCLE.indexOf(theme) + 1) % THEME_CYCLE.length]!;
}

function isTheme(value: unknown): value is Theme {
  return value === "light" || value === "dark" || value === "system";
}

let current: Theme = "system";
const listeners = new Set<() => void>();

function systemPrefersDark(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-color-scheme: dark)").matches === true;
}

export function resolveTheme(theme: Theme): "light" | "dark" {
  if (theme === "system") return systemPrefersDark() ? "dark" : "light";
  return theme;
}

function applyTheme() {
  if (typeof document === "undefined") return;
  const resolved = resolveTheme(current);
  const root = document.documentElement;
  root.classList.toggle("dark", resolved === "dark");
  root.dataset.theme = current;
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute("content", resolved === "dark" ? "#0f1512" : "#15803d");
  for (const listener of listeners) listener();
}

/** Reads the saved theme and follows the OS preference live while 'system' is chosen. */
export async function initTheme(): Promise<void> {
  const saved = await getItem<unknown>(STORAGE_KEYS.theme);
  current = isTheme(saved) ? saved : "system";
  applyTheme();
  window.matchMedia?.("(prefers-color-scheme: dark)").addEventListener("change", () => {
    if (current === "system") applyTheme();
  });
}

export async function setTheme(theme: Theme): Promise<void> {
  current = theme;
  applyTheme();
  try {
    await setItem(STORAGE_KEYS.theme, theme);
  } catch {
    // already logged by storage; the choice still applies for this session
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useTheme(): { theme: Theme; resolved: "light" | "dark" } {
  const theme = useSyncExternalStore(subscribe, () => current);
  return { theme, resolved: resolveTheme(theme) };
}
