import { runAdmin } from "../../src/cli/admin.js";
import type { TestContext } from "../helpers.js";

/** Runs an admin command in-process against the test context's database; exit code and printed text. */
export async function adminIn(ctx: TestContext, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(
    argv,
    { out: (t) => out.push(t), err: (t) => err.push(t) },
    { db: ctx.db, config: ctx.config, files: ctx.app.files, mailer: ctx.app.mailer },
  );
  return { code, out: out.join("\n"), err: err.join("\n") };
}
