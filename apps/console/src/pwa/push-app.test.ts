import { describe, expect, it } from "vitest";
import { clickTarget, isConsoleWindow, notificationFromPush } from "./push-app";

/** As the server sends a staff push (contracts' pushPayload). */
const payload = {
  web_push: 8030,
  mutable: true,
  notification: {
    title: "Neue Notfall-Reparatur",
    body: "Gartenweg 12",
    navigate: "https://portal.example/verwaltung/reparaturen/r-1",
    lang: "de-DE",
    dir: "ltr",
    tag: "ev-1",
    silent: false,
    data: { kind: "emergency_repair", building: "Gartenweg 12", path: "/verwaltung/reparaturen/r-1", event_id: "ev-1" },
  },
};

describe("the console's push notifications", () => {
  it("shows the payload's title and body, tagged with the event id, opening its console path", () => {
    expect(notificationFromPush(JSON.stringify(payload))).toEqual({
      title: "Neue Notfall-Reparatur",
      options: expect.objectContaining({
        body: "Gartenweg 12",
        tag: "ev-1",
        data: { path: "/verwaltung/reparaturen/r-1" },
      }),
    });
  });

  it("never stays silent: an unreadable push shows the console's fallback and opens the Eingang", () => {
    for (const raw of [null, "", "kein JSON", "[]"]) {
      expect(notificationFromPush(raw)).toMatchObject({
        title: "Neuer Vorgang in der Verwaltung",
        options: { data: { path: "/verwaltung/" } },
      });
    }
  });

  it("opens only console paths: the tenant app's paths, other hosts' and schemes open the Eingang", () => {
    const origin = "https://portal.example";
    expect(clickTarget({ path: "/verwaltung/nachrichten/t-1" }, origin)).toBe(`${origin}/verwaltung/nachrichten/t-1`);
    expect(clickTarget({ path: "/verwaltung" }, origin)).toBe(`${origin}/verwaltung`);
    expect(clickTarget({ path: "https://evil.example/verwaltung/mieter" }, origin)).toBe(`${origin}/verwaltung/mieter`);
    for (const path of ["/messages/t-1", "/verwaltungx", "//evil.example/verwaltung/", "javascript:alert(1)", null]) {
      expect(clickTarget({ path }, origin)).toBe(`${origin}/verwaltung/`);
    }
  });

  it("counts only the console's windows as its own (the tenant app and the crews' app share the origin)", () => {
    expect(isConsoleWindow("/verwaltung/")).toBe(true);
    expect(isConsoleWindow("/verwaltung/mieter/m-1")).toBe(true);
    expect(isConsoleWindow("/verwaltung")).toBe(true);
    expect(isConsoleWindow("/messages")).toBe(false);
    expect(isConsoleWindow("/einsatz/")).toBe(false);
    expect(isConsoleWindow("/verwaltungen")).toBe(false);
  });
});
