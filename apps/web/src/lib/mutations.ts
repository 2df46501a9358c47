import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { apiRequest, type HttpMethod, readJson } from "./api-client";

/**
 * Every change to server data goes through one generic mutation: method, url and payload (and an
 * Idempotency-Key made when the change is made). Because the function is registered centrally for
 * the key prefix, paused or queued changes can resume after a reload; the offline queue of a later
 * issue hooks in here.
 */
export interface ApiMutationVariables {
  method: Exclude<HttpMethod, "GET">;
  url: string;
  data?: unknown;
  /** Cache keys to refresh after success (spec: "queryKey" of a queue entry). */
  invalidates?: QueryKey[];
  idempotencyKey: string;
}

export const mutationKeys = {
  /** Prefix of all server changes that share the generic function. */
  api: ["api"] as const,
  auth: {
    login: ["auth", "login"] as const,
    logout: ["api", "auth", "logout"] as const,
    changePassword: ["api", "auth", "password"] as const,
    requestPasswordReset: ["api", "auth", "password-reset"] as const,
    confirmPasswordReset: ["api", "auth", "password-reset", "confirm"] as const,
  },
  contact: {
    send: ["api", "contact", "send"] as const,
  },
  appointments: {
    updateStatus: ["api", "appointments", "status"] as const,
    request: ["api", "appointments", "request"] as const,
  },
  messages: {
    markRead: ["api", "messages", "read"] as const,
    create: ["api", "messages", "create"] as const,
    reply: ["api", "messages", "reply"] as const,
  },
} as const;

export function newIdempotencyKey(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

export function apiMutation(
  method: ApiMutationVariables["method"],
  url: string,
  data?: unknown,
  invalidates: QueryKey[] = [],
): ApiMutationVariables {
  return { method, url, data, invalidates, idempotencyKey: newIdempotencyKey() };
}

export async function sendApiMutation(variables: ApiMutationVariables): Promise<unknown> {
  const res = await apiRequest(variables.method, variables.url, variables.data, {
    headers: { "Idempotency-Key": variables.idempotencyKey },
  });
  return readJson(res);
}

/** Registers the central defaults; call once when the QueryClient is made. */
export function registerMutationDefaults(queryClient: QueryClient): void {
  queryClient.setMutationDefaults(mutationKeys.api, {
    mutationFn: (variables: ApiMutationVariables) => sendApiMutation(variables),
    onSuccess: async (_data, variables: ApiMutationVariables) => {
      await Promise.all((variables.invalidates ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
