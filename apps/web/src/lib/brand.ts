import type { BrandConfig, PublicConfig } from "@mieter-portal/contracts";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import * as apiPaths from "@/config/api-paths-start";
import { brandFromDocument, DEFAULT_BRAND } from "@/config/brand";
import { getQueryFn } from "@/lib/api/query-fn";
import { getItem, STORAGE_KEYS, setItem } from "./storage";
import { isRecord } from "./utils";

export const configQueryKey = [apiPaths.config] as const;

/** Named by the offline no-data message. */
const fetchConfig = getQueryFn<unknown>({ on401: "throw", resource: "Einstellungen" });

/** Each field of `defaults` from `value` when it is a string there, else the default. */
function texts<T extends Record<string, string>>(value: unknown, defaults: T): T {
  const from = isRecord(value) ? value : {};
  return Object.fromEntries(
    Object.entries(defaults).map(([key, fallback]) => [key, typeof from[key] === "string" ? from[key] : fallback]),
  ) as T;
}

/** A light check instead of the zod schema: this runs on the login screen (size budget). */
export function toBrand(value: unknown): BrandConfig | null {
  if (!isRecord(value)) return null;
  if (typeof value.companyName !== "string" || !value.companyName.trim()) return null;
  if (typeof value.logoText !== "string" || !value.logoText.trim()) return null;
  const { imprint, bankAccount, ...fields } = DEFAULT_BRAND;
  return {
    ...texts(value, fields),
    imprint: texts(value.imprint, imprint),
    // The account rent is paid to (payment reminders): the server's texts over the default's.
    ...(bankAccount && { bankAccount: texts(value.bankAccount, bankAccount as Record<string, string>) }),
  } as BrandConfig;
}

export function getConfigQueryOptions() {
  return queryOptions({
    queryKey: configQueryKey,
    queryFn: async (context): Promise<PublicConfig> => {
      const body = await fetchConfig(context);
      const brand = toBrand(isRecord(body) ? body.brand : null);
      if (!brand) throw new Error("Ungültige Konfiguration vom Server");
      // Kept on the device so the brand is right offline too.
      await setItem(STORAGE_KEYS.brand, brand).catch(() => undefined);
      return { brand, version: isRecord(body) && typeof body.version === "string" ? body.version : "" };
    },
    staleTime: 60 * 60 * 1000,
    meta: { silent: true },
  });
}

/** Seeds the cache with the brand of the last visit so the first paint uses it. */
export async function seedBrandFromDevice(queryClient: QueryClient): Promise<void> {
  const brand = toBrand(await getItem<unknown>(STORAGE_KEYS.brand));
  if (brand && !queryClient.getQueryData(configQueryKey)) {
    queryClient.setQueryData(configQueryKey, { brand, version: "" }, { updatedAt: 0 });
  }
}

/** Brand from the server's config, else the cached copy, else what the server wrote into index.html. */
export function useBrand(): BrandConfig {
  const { data } = useQuery(getConfigQueryOptions());
  return data?.brand ?? brandFromDocument();
}
