import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { stubFetch } from "@/test/fetch";
import { BuildingFilter } from "./building-filter";

function renderFilter(value: string | null, onChange: (building: string | null) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <BuildingFilter value={value} onChange={onChange} />
    </QueryClientProvider>,
  );
}

describe("the building filter", () => {
  it("offers all buildings and the staff member's buildings, and tells the chosen id (null for all)", async () => {
    const user = userEvent.setup();
    const calls = stubFetch({
      status: 200,
      body: [
        { id: "b1", name: "Lindenstraße 5", address: "Lindenstraße 5, 10115 Berlin", tenant_count: 12 },
        { id: "b2", name: "Gartenstraße 9", address: "Gartenstraße 9, 10115 Berlin", tenant_count: 4 },
      ],
    });
    const onChange = vi.fn();
    renderFilter("b2", onChange);
    const select = screen.getByLabelText("Gebäude");
    await screen.findByRole("option", { name: "Lindenstraße 5" });
    expect(calls[0]!.url).toBe("/api/v1/staff/buildings");
    expect(Array.from((select as HTMLSelectElement).options).map((o) => [o.value, o.text])).toEqual([
      ["", "Alle Gebäude"],
      ["b1", "Lindenstraße 5"],
      ["b2", "Gartenstraße 9"],
    ]);
    expect(select).toHaveValue("b2");
    await user.selectOptions(select, "b1");
    expect(onChange).toHaveBeenLastCalledWith("b1");
    await user.selectOptions(select, "");
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
