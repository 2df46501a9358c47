import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "@playwright/test";

/*
 * A desktop with a real notification server, for clicking a notification (issue 29). Chromium on
 * Linux hands a page's notifications to the desktop's notification server over D-Bus
 * (org.freedesktop.Notifications) and opens them when that server reports a click (ActionInvoked
 * "default"), as a person's click would: with the user activation a service worker needs to focus
 * and navigate a window. Headless Chromium keeps notifications to itself, so this runs a headed
 * Chromium on an X server of its own (Xvfb), a D-Bus session bus of its own and dunst, a
 * notification server from Debian; `dunstctl action 0` is the click on the newest notification.
 * DevTools' protocol delivers pushes but has no click.
 */

export interface Desktop {
  /** A headed Chromium with a profile of its own on this desktop (notifications need a regular profile). */
  launch(baseURL: string): Promise<BrowserContext>;
  /** How many notifications the desktop shows now. */
  shown(): number;
  /** A click on the newest notification. */
  clickNewest(): void;
  stop(): Promise<void>;
}

function waitForLine(child: ChildProcess, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n")[0];
      if (out.includes("\n") && line) resolve(line.trim());
    });
    child.once("exit", (code) => reject(new Error(`${what} ended (${code}) before it was ready`)));
  });
}

export async function startDesktop(): Promise<Desktop> {
  const children: ChildProcess[] = [];
  const profile = mkdtempSync(join(tmpdir(), "mp-e2e-desktop-"));
  try {
    // Xvfb picks a free display itself and writes its number to fd 3.
    const xvfb = spawn("Xvfb", ["-displayfd", "3", "-screen", "0", "1280x800x24", "-nolisten", "tcp"], {
      stdio: ["ignore", "ignore", "ignore", "pipe"],
    });
    children.push(xvfb);
    const display = await new Promise<string>((resolve, reject) => {
      let out = "";
      const fd3 = xvfb.stdio[3] as NodeJS.ReadableStream;
      fd3.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes("\n")) resolve(`:${out.trim()}`);
      });
      xvfb.once("exit", (code) => reject(new Error(`Xvfb ended (${code}) before it was ready`)));
    });
    const bus = spawn("dbus-daemon", ["--session", "--nofork", "--print-address=1"], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    children.push(bus);
    const address = await waitForLine(bus, "dbus-daemon");
    const env = { ...process.env, DISPLAY: display, DBUS_SESSION_BUS_ADDRESS: address };
    const dunst = spawn("dunst", [], { env, stdio: "ignore" });
    children.push(dunst);
    const ctl = (...args: string[]) => execFileSync("dunstctl", args, { env, encoding: "utf8" }).trim();
    // Ready once dunst owns the notifications' name on the bus (asked without starting a service,
    // which dunstctl would: the bus would launch another dunst without a display).
    const owned = () =>
      execFileSync(
        "dbus-send",
        [
          "--session",
          "--print-reply",
          "--dest=org.freedesktop.DBus",
          "/org/freedesktop/DBus",
          "org.freedesktop.DBus.NameHasOwner",
          "string:org.freedesktop.Notifications",
        ],
        { env, encoding: "utf8" },
      ).includes("boolean true");
    for (let attempt = 0; !owned(); attempt++) {
      if (attempt > 200 || dunst.exitCode !== null) throw new Error("dunst did not start on the test desktop");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return {
      launch: (baseURL) =>
        chromium.launchPersistentContext(profile, {
          executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
          headless: false,
          env,
          baseURL,
          viewport: { width: 390, height: 844 },
          locale: "de-DE",
          timezoneId: "Europe/Berlin",
          args: [
            "--no-sandbox",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-gpu",
          ],
        }),
      shown: () => Number(ctl("count", "displayed")),
      clickNewest: () => {
        ctl("action", "0");
      },
      stop: async () => {
        for (const child of children.reverse()) child.kill();
        rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    for (const child of children) child.kill();
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
}
