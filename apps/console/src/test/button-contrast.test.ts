import { readFileSync } from "node:fs";
import path from "node:path";
import { buttonVariants } from "@mieter-portal/ui/button";
import { describe, expect, it } from "vitest";

// Issue 25 item 23: axe measured the primary button's hover at 4.17:1 (bg-primary/90 lets the page
// shine through). Every filled button keeps ≥ 4.5:1 between its text and its background, hovered
// or not, on the page and on a card, light and dark — computed from the theme's own colours.

// Vitest runs in apps/console.
const css = readFileSync(path.resolve(process.cwd(), "../../packages/ui/src/theme.css"), "utf8");

function themeVars(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  const block = css.slice(start, css.indexOf("}", start));
  return Object.fromEntries([...block.matchAll(/--([\w-]+):\s*(#[0-9a-fA-F]{6})/g)].map((m) => [m[1], m[2]]));
}

const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
const blend = (top: number[], under: number[], alpha: number) => top.map((c, i) => c * alpha + under[i]! * (1 - alpha));
const luminance = (c: number[]) => {
  const [r, g, b] = c.map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: number[], b: number[]) => {
  const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (l1! + 0.05) / (l2! + 0.05);
};

describe("filled buttons keep 4.5:1 when hovered", () => {
  for (const [theme, selector] of [
    ["light", ":root"],
    ["dark", ".dark"],
  ] as const) {
    for (const variant of ["default", "destructive"] as const) {
      it(`${variant}, ${theme}`, () => {
        const vars = { ...themeVars(":root"), ...(theme === "dark" ? themeVars(selector) : {}) };
        const classes = buttonVariants({ variant });
        const text = /(?:^|\s)text-([\w-]+)/.exec(classes)?.[1];
        const backgrounds = [...classes.matchAll(/(?:^|\s)(?:hover:)?bg-([\w-]+?)(?:\/(\d+))?(?=\s|$)/g)];
        expect(text && vars[text]).toBeTruthy();
        expect(backgrounds.length).toBe(2);
        for (const [, name, percent] of backgrounds) {
          expect(vars[name!], `--${name} in the theme`).toBeTruthy();
          for (const page of [vars.background!, vars.card!]) {
            const shown = blend(rgb(vars[name!]!), rgb(page), percent ? Number(percent) / 100 : 1);
            expect(
              contrast(shown, rgb(vars[text!]!)),
              `${name}${percent ? `/${percent}` : ""} on ${page}`,
            ).toBeGreaterThanOrEqual(4.5);
          }
        }
      });
    }
  }
});
