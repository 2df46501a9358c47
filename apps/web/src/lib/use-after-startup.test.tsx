import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAfterStartup } from "./use-after-startup";

// The dashboard's deferred parts (issue 27's line of today's services) wait until the intro has
// made way for the first screen: nothing of them is asked for while it still shows.

function Probe() {
  return <p>{useAfterStartup() ? "gestartet" : "Start läuft"}</p>;
}

afterEach(() => {
  document.getElementById("intro")?.remove();
  vi.useRealTimers();
});

describe("useAfterStartup", () => {
  it("stays false while the intro shows and turns true once it is gone and the page is idle", async () => {
    vi.useFakeTimers();
    const intro = document.createElement("div");
    intro.id = "intro";
    document.body.append(intro);
    render(<Probe />);
    // Long past the idle fallback (1 s without requestIdleCallback): it still waits for the intro.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getByText("Start läuft")).toBeInTheDocument();
    intro.remove();
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(screen.getByText("gestartet")).toBeInTheDocument();
  });
});
