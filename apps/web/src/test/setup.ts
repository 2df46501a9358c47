import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, type MockInstance, vi } from "vitest";
import { toast } from "@/components/ui/use-toast";
import { setNotifier } from "@/lib/notify";
import { resetStorageForTests } from "@/lib/storage";
// Components render as in the app once the shell is loaded: with tailwind-merge (lib/utils: cn).
import "@/lib/class-merge";

// The app loads the toasts' code with the first toast (components/ui/toaster.tsx; the e2e tests
// see it). Here toasts render at once: a module arriving later would update React outside act().
vi.mock("@/components/ui/toaster", async () => ({
  Toaster: (await import("@mieter-portal/ui/toaster")).Toaster,
  preloadToaster: async () => {},
}));

import { isBenignTestWarning } from "@mieter-portal/ui/test-warnings";
import { consoleErrorPolicy } from "./console";

// findBy… and waitFor wait for a state up to 5 s (the default 1 s is too short on a loaded CI machine,
// where the first render of a lazy screen may take longer; a passing test still ends at once).
configure({ asyncUtilTimeout: 5000 });

const originalConsoleError = console.error;
let consoleErrorSpy: MockInstance<typeof console.error>;

beforeEach(() => {
  // A fresh, empty IndexedDB and browser storage for every test.
  globalThis.indexedDB = new IDBFactory();
  resetStorageForTests();
  // As main.tsx does: lib's notices become toasts.
  setNotifier(toast);
  window.localStorage.clear();
  consoleErrorPolicy.allowed = false;
  consoleErrorSpy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    if (!consoleErrorPolicy.allowed) originalConsoleError(...args);
  });
});

/** console.error calls of the running test, without Radix's toast announcement timer (see ui/test-warnings). */
export function unexpectedConsoleErrors(): number {
  return consoleErrorSpy.mock.calls.filter((args) => !isBenignTestWarning(args)).length;
}

afterEach(() => {
  cleanup();
  const calls = unexpectedConsoleErrors();
  consoleErrorSpy.mockRestore();
  if (calls > 0 && !consoleErrorPolicy.allowed) {
    throw new Error(
      `console.error wurde ${calls}× aufgerufen. Erwartet der Test das, soll er allowConsoleError() aufrufen.`,
    );
  }
});
