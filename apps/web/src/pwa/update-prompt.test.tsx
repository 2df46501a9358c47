import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pwaTexts } from "./texts";
import { createUpdateController } from "./update-controller";
import { UpdatePrompt } from "./update-prompt";

function setup(syncRunning: boolean) {
  const sync = { running: syncRunning, listeners: new Set<() => void>() };
  const reload = vi.fn();
  const activate = vi.fn(async () => undefined);
  const controller = createUpdateController({
    isSyncRunning: () => sync.running,
    subscribeSync: (listener) => {
      sync.listeners.add(listener);
      return () => sync.listeners.delete(listener);
    },
    reload,
  });
  controller.setActivate(activate);
  const finishSync = () => {
    sync.running = false;
    for (const listener of [...sync.listeners]) listener();
  };
  render(<UpdatePrompt controller={controller} />);
  return { controller, reload, activate, finishSync };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("UpdatePrompt", () => {
  it("stays hidden until a new version waits", () => {
    setup(false);
    expect(screen.queryByTestId("update-prompt")).toBeNull();
  });

  it("offers the update in German and hides on 'Später' without reloading", async () => {
    const user = userEvent.setup();
    const { controller, reload, activate } = setup(false);
    act(() => controller.needRefresh());

    const prompt = screen.getByRole("region", { name: pwaTexts.updateTitle });
    expect(prompt).toHaveTextContent("Neue Version verfügbar");
    expect(prompt).toHaveAccessibleDescription(pwaTexts.updateDescription);
    await user.click(screen.getByRole("button", { name: "Später" }));

    expect(screen.queryByTestId("update-prompt")).toBeNull();
    expect(activate).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it("'Jetzt aktualisieren' during a sync waits for it, then activates and reloads", async () => {
    const user = userEvent.setup();
    const { controller, reload, activate, finishSync } = setup(true);
    act(() => controller.needRefresh());
    await user.click(screen.getByRole("button", { name: "Jetzt aktualisieren" }));

    expect(screen.getByTestId("update-prompt")).toHaveTextContent(pwaTexts.waitingForSync);
    expect(screen.queryByRole("button", { name: "Jetzt aktualisieren" })).toBeNull();
    expect(activate).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();

    act(() => finishSync());
    expect(activate).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId("update-prompt")).toHaveTextContent(pwaTexts.updating);
    expect(reload).not.toHaveBeenCalled();

    act(() => controller.needReload());
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("'Jetzt aktualisieren' with no sync running activates at once", async () => {
    const user = userEvent.setup();
    const { controller, activate } = setup(false);
    act(() => controller.needRefresh());
    await user.click(screen.getByRole("button", { name: "Jetzt aktualisieren" }));
    expect(activate).toHaveBeenCalledTimes(1);
  });
});
