import { z } from "zod";

/** Public brand and contact data, served by GET /api/v1/config. */
export const brandConfig = z.object({
  companyName: z.string(),
  logoText: z.string().length(2),
  supportEmail: z.string(),
  supportPhone: z.string(),
  supportHours: z.string(),
  emergencyHotline: z.string(),
  officeAddress: z.string(),
  imprint: z.object({
    legalName: z.string(),
    representative: z.string(),
    register: z.string(),
    vatId: z.string(),
  }),
});
export type BrandConfig = z.infer<typeof brandConfig>;

export const publicConfig = z.object({
  brand: brandConfig,
  version: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfig>;

export const healthResponse = z.object({ status: z.literal("ok"), database: z.literal("ok") });
