import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, type MockInstance, vi } from "vitest";
import { resetStorageForTests } from "@/lib/storage";
import { consoleErrorPolicy } from "./console";

const originalConsoleError = console.error;
let consoleErrorSpy: MockInstance<typeof console.error>;

beforeEach(() => {
  // A fresh, empty IndexedDB and browser storage for every test.
  globalThis.indexedDB = new IDBFactory();
  resetStorageForTests();
  window.localStorage.clear();
  consoleErrorPolicy.allowed = false;
  consoleErrorSpy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    if (!consoleErrorPolicy.allowed) originalConsoleError(...args);
  });
});

afterEach(() => {
  cleanup();
  const calls = consoleErrorSpy.mock.calls.length;
  consoleErrorSpy.mockRestore();
  if (calls > 0 && !consoleErrorPolicy.allowed) {
    throw new Error(
      `console.error wurde ${calls}× aufgerufen. Erwartet der Test das, soll er allowConsoleError() aufrufen.`,
    );
  }
});
