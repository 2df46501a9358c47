import { act, render, screen } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/toaster";
import { toast } from "@/components/ui/use-toast";
import { unexpectedConsoleErrors } from "./setup";

afterEach(() => vi.useRealTimers());

// CI failed once on a test that ran 1.3 s after a toast opened: Radix's ToastAnnounce removes its
// screen-reader text after 1 s, outside act(). The guard must not count that, and must still count
// every other console.error.
it("a toast's announcement timer firing after a second does not count as the test's console error", async () => {
  vi.useFakeTimers();
  render(<Toaster />);
  act(() => {
    toast({ title: "Gespeichert" });
  });
  expect(screen.getByText("Gespeichert")).toBeInTheDocument();
  // The second passes while the test does other work, outside act() (as on a loaded machine).
  vi.advanceTimersByTime(1100);
  expect(unexpectedConsoleErrors()).toBe(0);

  console.error("etwas anderes ging schief");
  expect(unexpectedConsoleErrors()).toBe(1);
  // This test logged one on purpose.
  const { allowConsoleError } = await import("./console");
  allowConsoleError();
});
