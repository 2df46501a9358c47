import { readFileSync } from "node:fs";

/**
 * The app's version has one place: the repository's package.json (the web app's build reads the
 * same, issue 15). From src/lib and dist/lib alike it is four folders up.
 */
export const APP_VERSION: string = (
  JSON.parse(readFileSync(new URL("../../../../package.json", import.meta.url), "utf8")) as { version: string }
).version;
