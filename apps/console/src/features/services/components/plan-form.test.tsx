import { SERVICE_CATALOGUE } from "@mieter-portal/contracts/services";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { routeFetch } from "../test-fetch";
import { PlanForm } from "./plan-form-dialog";

const BUILDING = "7f1f4c1e-1b8e-4a39-9b57-1e0d5b0c0a01";
const KINDS = SERVICE_CATALOGUE.map((k, i) => ({
  id: `00000000-0000-4000-8000-0000000000${String(i + 10)}`,
  key: k.key,
  name: k.name,
  category: k.category,
  checklist: k.checklist,
}));
const kindId = (key: string) => KINDS.find((k) => k.key === key)!.id;
const COLLEAGUES = [{ id: "5b2c1f0e-3c4d-4e5f-8a6b-7c8d9e0f1a2b", name: "Sabine Krüger" }];
// Saturday 28 November 2026.
const TODAY = "2026-11-28";

function renderForm(
  props: Partial<Parameters<typeof PlanForm>[0]> = {},
  post: { status: number; body: unknown } = { status: 201, body: { id: BUILDING } },
) {
  const calls = routeFetch({
    "GET /staff/services/kinds": [{ status: 200, body: KINDS }],
    "GET /staff/colleagues": [{ status: 200, body: COLLEAGUES }],
    "POST /staff/service-plans": [post],
    [`POST /staff/service-plans/${BUILDING}/change`]: [post],
  });
  const onDone = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PlanForm buildingId={BUILDING} onDone={onDone} today={TODAY} {...props} />
    </QueryClientProvider>,
  );
  return { calls, onDone, user: userEvent.setup() };
}

const posts = (calls: ReturnType<typeof routeFetch>) => calls.filter((c) => c.method === "POST");

async function pickService(user: ReturnType<typeof userEvent.setup>, key: string) {
  await screen.findByRole("option", { name: KINDS.find((k) => k.key === key)!.name }, { timeout: 5000 });
  await user.selectOptions(screen.getByLabelText("Leistung"), kindId(key));
}

describe("the plan form (new plan)", () => {
  it("asks for the service and sends nothing", async () => {
    const { calls, user } = renderForm();
    await user.click(screen.getByRole("button", { name: "Plan anlegen" }));
    const service = screen.getByLabelText("Leistung");
    await waitFor(() => expect(service).toHaveAttribute("aria-invalid", "true"));
    expect(service).toHaveAccessibleDescription("Bitte wählen Sie eine Leistung.");
    expect(posts(calls)).toHaveLength(0);
  });

  it("puts the contracts' messages on the weekdays, the window's end, and its own on the weeks", async () => {
    const { calls, user } = renderForm();
    await pickService(user, "treppenhausreinigung");
    await user.click(screen.getByRole("checkbox", { name: "Montag" }));
    const weeks = screen.getByLabelText("Alle wie viele Wochen");
    await user.clear(weeks);
    await user.type(weeks, "0");
    const end = screen.getByLabelText("Zeitfenster bis");
    await user.clear(end);
    await user.type(end, "06:00");
    await user.click(screen.getByRole("button", { name: "Plan anlegen" }));
    expect(await screen.findByText("Bitte mindestens einen Wochentag wählen.")).toBeInTheDocument();
    expect(screen.getByRole("group", { name: "Wochentage" })).toHaveAccessibleDescription(
      "Bitte mindestens einen Wochentag wählen.",
    );
    expect(weeks).toHaveAttribute("aria-invalid", "true");
    expect(weeks).toHaveAccessibleDescription(expect.stringContaining("Bitte eine ganze Zahl von 1 bis 12 angeben."));
    expect(end).toHaveAttribute("aria-invalid", "true");
    expect(end).toHaveAccessibleDescription("Das Ende muss nach dem Beginn liegen.");
    expect(posts(calls)).toHaveLength(0);
  });

  it("refuses a season day that does not exist and an end before the start", async () => {
    const { calls, user } = renderForm();
    await pickService(user, "rasen_maehen");
    await user.click(screen.getByRole("checkbox", { name: /Nur in einer Saison/ }));
    await user.type(screen.getByLabelText("Saison vom (TT.MM.)"), "31.02.");
    await user.type(screen.getByLabelText("Saison bis (TT.MM.)"), "31.10.");
    await user.type(screen.getByLabelText("Gültig bis (optional)"), "2026-11-01");
    await user.click(screen.getByRole("button", { name: "Plan anlegen" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Saison vom (TT.MM.)")).toHaveAccessibleDescription("Diesen Tag gibt es nicht."),
    );
    expect(screen.getByLabelText("Gültig bis (optional)")).toHaveAccessibleDescription(
      "Das Ende des Plans darf nicht vor seinem Beginn liegen.",
    );
    expect(posts(calls)).toHaveLength(0);
  });

  it("previews the next five dates by the contracts' rule and sends the parsed request", async () => {
    const { calls, onDone, user } = renderForm();
    await pickService(user, "treppenhausreinigung");
    await user.click(screen.getByRole("checkbox", { name: "Donnerstag" }));
    await user.type(screen.getByLabelText("Team (optional)"), " Reinigung Nord ");
    await user.selectOptions(await screen.findByLabelText("Verantwortlich (optional)"), COLLEAGUES[0]!.id);
    const preview = within(screen.getByTestId("plan-preview"));
    expect(preview.getAllByRole("listitem").map((li) => li.textContent)).toStrictEqual([
      "Montag, 30. November 2026, 07:00–12:00 Uhr",
      "Donnerstag, 03. Dezember 2026, 07:00–12:00 Uhr",
      "Montag, 07. Dezember 2026, 07:00–12:00 Uhr",
      "Donnerstag, 10. Dezember 2026, 07:00–12:00 Uhr",
      "Montag, 14. Dezember 2026, 07:00–12:00 Uhr",
    ]);
    await user.click(screen.getByRole("button", { name: "Plan anlegen" }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posts(calls)[0]!.body).toStrictEqual({
      building_id: BUILDING,
      service_kind_id: kindId("treppenhausreinigung"),
      recurrence: { kind: "weekly", weekdays: [1, 4], every_weeks: 1 },
      season: null,
      window: { start: "07:00", end: "12:00" },
      rest_day_window: null,
      checklist: KINDS.find((k) => k.key === "treppenhausreinigung")!.checklist,
      team: "Reinigung Nord",
      responsible_staff_id: COLLEAGUES[0]!.id,
      tenant_visible: true,
      valid_from: TODAY,
      valid_until: null,
    });
  });

  it("moves a visit off public holidays in the preview (Christmas 2026: Friday and Saturday)", async () => {
    const { user } = renderForm();
    await pickService(user, "muelltonnen");
    // Fridays only.
    await user.click(screen.getByRole("checkbox", { name: "Montag" }));
    await user.click(screen.getByRole("checkbox", { name: "Freitag" }));
    const start = screen.getByLabelText("Gültig ab");
    await user.clear(start);
    await user.type(start, "2026-12-21");
    const preview = within(screen.getByTestId("plan-preview"));
    expect(preview.getAllByRole("listitem").map((li) => li.textContent)).toStrictEqual([
      "Montag, 28. Dezember 2026, 07:00–12:00 Uhr (verschoben vom Freitag, 25. Dezember 2026)",
      "Samstag, 02. Januar 2027, 07:00–12:00 Uhr (verschoben vom Freitag, 01. Januar 2027)",
      "Freitag, 08. Januar 2027, 07:00–12:00 Uhr",
      "Freitag, 15. Januar 2027, 07:00–12:00 Uhr",
      "Freitag, 22. Januar 2027, 07:00–12:00 Uhr",
    ]);
  });

  it("gives the Winterdienst its season, hours and rest-day window", async () => {
    const { calls, onDone, user } = renderForm();
    await pickService(user, "winterdienst");
    expect(screen.getByLabelText("Wie oft")).toHaveValue("daily");
    expect(screen.getByLabelText("Sonn- und feiertags ab")).toHaveValue("09:00");
    // Sunday 29 November 2026 starts later.
    expect(within(screen.getByTestId("plan-preview")).getAllByRole("listitem")[1]!.textContent).toBe(
      "Sonntag, 29. November 2026, 09:00–20:00 Uhr",
    );
    await user.click(screen.getByRole("button", { name: "Plan anlegen" }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posts(calls)[0]!.body).toMatchObject({
      recurrence: { kind: "daily" },
      season: { from: "11-01", until: "03-31" },
      window: { start: "07:00", end: "20:00" },
      rest_day_window: { start: "09:00", end: "20:00" },
    });
  });

  it("warns about radical hedge cuts when the season reaches March to September", async () => {
    const { user } = renderForm();
    await pickService(user, "hecke_schneiden");
    expect(screen.getByRole("note")).toHaveTextContent("nur Form- und Pflegeschnitte erlaubt");
    await user.click(screen.getByRole("checkbox", { name: /Nur in einer Saison/ }));
    await user.type(screen.getByLabelText("Saison vom (TT.MM.)"), "01.10.");
    await user.type(screen.getByLabelText("Saison bis (TT.MM.)"), "28.02.");
    await waitFor(() => expect(screen.queryByRole("note")).not.toBeInTheDocument());
  });
});

describe("the plan form (change)", () => {
  const plan = {
    id: BUILDING,
    building_id: BUILDING,
    building_name: "Lindenstraße 5",
    service_kind: KINDS[0]!,
    recurrence: { kind: "weekly" as const, weekdays: [2], every_weeks: 1 },
    season: null,
    window: { start: "08:00", end: "11:00" },
    rest_day_window: null,
    checklist: ["Treppen gewischt"],
    team: null,
    responsible_staff_id: null,
    tenant_visible: false,
    valid_from: "2026-11-01",
    valid_until: null,
    predecessor_id: null,
    warnings: [],
  };

  it("applies from tomorrow and shows the server's refusal on that field", async () => {
    const message = "Eine Änderung gilt frühestens ab morgen; die Einsätze bis heute bleiben, wie sie waren.";
    const { calls, user } = renderForm(
      { plan },
      { status: 400, body: { error: "bad_request", message, fields: { effective_from: message } } },
    );
    const starts = screen.getByLabelText("Änderung gilt ab");
    expect(starts).toHaveValue("2026-11-29");
    await user.click(screen.getByRole("button", { name: "Änderung speichern" }));
    await waitFor(() => expect(starts).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(posts(calls)[0]!.body).toStrictEqual({
      recurrence: { kind: "weekly", weekdays: [2], every_weeks: 1 },
      season: null,
      window: { start: "08:00", end: "11:00" },
      rest_day_window: null,
      checklist: ["Treppen gewischt"],
      team: null,
      responsible_staff_id: null,
      tenant_visible: false,
      valid_until: null,
      effective_from: "2026-11-29",
    });
  });
});
