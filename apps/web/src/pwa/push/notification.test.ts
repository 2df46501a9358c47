import { describe, expect, it } from "vitest";
import { appPath, clickTarget, notificationFromPush, PUSH_FALLBACK_TITLE } from "./notification";

/** As the server sends it (contracts' pushPayload). */
const payload = {
  web_push: 8030,
  mutable: true,
  notification: {
    title: "Neue Antwort der Verwaltung",
    body: "Lindenstraße 5",
    navigate: "https://portal.example/messages/t-1",
    lang: "de-DE",
    dir: "ltr",
    tag: "ev-1",
    silent: false,
    data: { kind: "message_reply", building: "Lindenstraße 5", path: "/messages/t-1", event_id: "ev-1" },
  },
};

describe("notificationFromPush", () => {
  it("shows the payload's title and body, tagged with the event id, opening its path", () => {
    expect(notificationFromPush(JSON.stringify(payload))).toEqual({
      title: "Neue Antwort der Verwaltung",
      options: expect.objectContaining({
        body: "Lindenstraße 5",
        tag: "ev-1",
        lang: "de-DE",
        dir: "ltr",
        data: { path: "/messages/t-1" },
      }),
    });
  });

  it("never stays silent: unreadable, empty or foreign data give the fallback", () => {
    for (const raw of [null, "", "kein JSON", "[]", "42", JSON.stringify({ notification: { title: 7 } })]) {
      const shown = notificationFromPush(raw);
      expect(shown.title).toBe(PUSH_FALLBACK_TITLE);
      expect(shown.options.data.path).toBe("/");
      expect(shown.options.body).toBeUndefined();
    }
  });

  it("takes the event id as tag and the navigate URL's path when the data lacks them", () => {
    const shown = notificationFromPush(
      JSON.stringify({
        notification: {
          title: "Neues Dokument",
          navigate: "https://portal.example/documents",
          data: { event_id: "ev-9" },
        },
      }),
    );
    expect(shown.options.tag).toBe("ev-9");
    expect(shown.options.data.path).toBe("/documents");
  });
});

describe("click target", () => {
  it("opens the notification's path in the app's origin", () => {
    expect(clickTarget({ path: "/messages/t-1" }, "https://mieter.example")).toBe(
      "https://mieter.example/messages/t-1",
    );
    expect(clickTarget({ path: "/repairs/r-2?x=1#a" }, "https://mieter.example")).toBe(
      "https://mieter.example/repairs/r-2?x=1#a",
    );
  });

  it("never leaves the origin: other hosts keep only their path, other schemes open the start screen", () => {
    expect(clickTarget({ path: "//evil.example/x" }, "https://mieter.example")).toBe("https://mieter.example/");
    expect(clickTarget({ path: "https://evil.example/messages/1" }, "https://mieter.example")).toBe(
      "https://mieter.example/messages/1",
    );
    expect(clickTarget({ path: "javascript:alert(1)" }, "https://mieter.example")).toBe("https://mieter.example/");
    expect(clickTarget(null, "https://mieter.example")).toBe("https://mieter.example/");
    expect(appPath("/\\evil.example")).toBe("/");
  });
});
