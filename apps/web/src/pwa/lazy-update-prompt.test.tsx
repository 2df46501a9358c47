import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LazyUpdatePrompt } from "./lazy-update-prompt";

function Prompt() {
  return <p>Neue Version bereit</p>;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("LazyUpdatePrompt", () => {
  it("keeps the app on screen when its download fails offline, and loads it when the connection is back", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<typeof Prompt>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValue(Prompt);
    render(
      <>
        <main>Nachrichten</main>
        <LazyUpdatePrompt enabled load={load} />
      </>,
    );
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1), { timeout: 5000 });
    // The failed import is not thrown into the tree: the screen stays, no prompt yet.
    expect(screen.getByRole("main")).toHaveTextContent("Nachrichten");
    expect(screen.queryByText("Neue Version bereit")).toBeNull();
    expect(console.warn).toHaveBeenCalledWith(
      "[pwa] Update-Hinweis konnte nicht geladen werden",
      expect.any(TypeError),
    );

    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    expect(await screen.findByText("Neue Version bereit")).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByRole("main")).toHaveTextContent("Nachrichten");
  });
});
