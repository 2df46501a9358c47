import { z } from "zod";

/**
 * A transform that checks a prepared value with a contracts schema (also an optional field or a
 * whole request) and keeps its messages: `z.string().transform(toNull).transform(into(field))`.
 * Unlike `.pipe`, it accepts any schema whatever its input type.
 */
export function into<T>(schema: z.ZodType<T>) {
  return (value: unknown, ctx: z.RefinementCtx): T => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: "custom", message: issue.message, path: issue.path.filter((p) => typeof p !== "symbol") });
    }
    return z.NEVER;
  };
}
