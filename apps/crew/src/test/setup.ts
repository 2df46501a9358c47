import "@testing-library/jest-dom/vitest";
import { isBenignTestWarning } from "@mieter-portal/ui/test-warnings";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, type MockInstance, vi } from "vitest";
import { workStore } from "@/lib/einsatz";
import { resetSessionForTests } from "@/lib/session";

// findBy… and waitFor wait for a state up to 5 s (the default 1 s is too short on a loaded CI machine,
// where the first render of a lazy screen may take longer; a passing test still ends at once).
configure({ asyncUtilTimeout: 5000 });

let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  window.localStorage.clear();
  resetSessionForTests();
  workStore.reset();
  consoleError = vi.spyOn(console, "error");
});

// A console.error fails the test.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  const calls = consoleError.mock.calls.filter((args) => !isBenignTestWarning(args)).length;
  consoleError.mockRestore();
  if (calls > 0) throw new Error(`console.error wurde ${calls}× aufgerufen.`);
});
