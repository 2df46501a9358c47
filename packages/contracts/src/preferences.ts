import { z } from "zod";

/**
 * The tenant's notification preference, kept on the server (issue 11 §4): with it on, the
 * management's answers (replies, repair and appointment changes) also arrive by e-mail.
 */
export const tenantPreferences = z.object({
  email_notifications: z.boolean({ error: "Bitte ja oder nein angeben." }),
});
export type TenantPreferences = z.infer<typeof tenantPreferences>;
