import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { Component as DocumentsRoute } from "./documents";

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderRoute() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <DocumentsRoute />
    </QueryClientProvider>,
  );
}

describe("documents route", () => {
  it("shows the loading text, then the error view, and loads again on 'Erneut versuchen'", async () => {
    let answer: () => Response = () => new Response("kaputt", { status: 500, statusText: "Internal Server Error" });
    let release: () => void = () => {};
    const fetchMock = vi.fn(async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return answer();
    });
    vi.stubGlobal("fetch", fetchMock);
    renderRoute();

    expect(await screen.findByText("Dokumente werden geladen...")).toBeInTheDocument();
    release();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Fehler beim Laden der Dokumente");
    expect(alert).toHaveTextContent("wenden Sie sich an unseren Support");

    answer = () => new Response("[]", { status: 200 });
    await userEvent.click(screen.getByRole("button", { name: "Erneut versuchen" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    release();
    expect(await screen.findByRole("heading", { level: 1, name: "Dokumente" })).toBeInTheDocument();
    expect(screen.getByText("Keine Vertragsdokumente vorhanden")).toBeInTheDocument();
    expect(screen.getByText("Keine Nebenkostenabrechnungen vorhanden")).toBeInTheDocument();
    expect(screen.getByText("Sie haben noch keine eigenen Dokumente hochgeladen")).toBeInTheDocument();
  });
});
