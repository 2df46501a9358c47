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

/**
 * A text read by `parse` (a German amount: "1.234,56"), or the field's own message when `parse`
 * finds nothing in it: `parsedText(parseEuros, "Bitte …").pipe(request.shape.amount)`.
 */
export function parsedText<T>(parse: (text: string) => T | null | undefined, message: string) {
  return z.string().transform((text, ctx): NonNullable<T> => {
    const value = parse(text);
    if (value === null || value === undefined) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return value;
  });
}
