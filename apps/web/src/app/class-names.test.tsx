import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { twMerge } from "tailwind-merge";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { setClassMerge } from "@/lib/utils";
import { App } from "./app";

const SLOW = { timeout: 10_000 };

const config = { brand: { companyName: "Testverwaltung Nord", logoText: "TN" }, version: "1.0.0" };

/**
 * The class attribute of every element of the page, in document order. Not the toasts': in the app
 * they come with their own code and tailwind-merge (components/ui/toaster.tsx).
 */
function classNames(): string[] {
  return [...document.body.querySelectorAll("[class]")]
    .filter((element) => !element.closest('[role="region"][aria-label^="Hinweise"]'))
    .map((element) => element.getAttribute("class") ?? "");
}

async function loginClassNames({ showPassword }: { showPassword: boolean }): Promise<string[]> {
  render(<App queryClient={createQueryClient()} />);
  expect(await screen.findByText("Testverwaltung Nord", {}, SLOW)).toBeInTheDocument();
  if (showPassword) await userEvent.click(screen.getByRole("button", { name: "Passwort anzeigen" }));
  const names = classNames();
  cleanup();
  return names;
}

beforeEach(() => {
  window.history.replaceState(null, "", "/login");
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Response.json(config)),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  setClassMerge(twMerge);
});

// Issue 13: the login renders without tailwind-merge (it comes with the shell, the toasts and the
// other signed-out pages), so none of its class names may depend on merging.
describe("the login's class names", () => {
  it.each([{ showPassword: false }, { showPassword: true }])(
    "are the same with and without tailwind-merge (password shown: $showPassword)",
    async ({ showPassword }) => {
      setClassMerge(twMerge);
      const merged = await loginClassNames({ showPassword });
      setClassMerge(null);
      const joined = await loginClassNames({ showPassword });
      expect(joined.length).toBeGreaterThan(10);
      expect(joined.filter((name, i) => name !== merged[i])).toEqual([]);
    },
  );
});
