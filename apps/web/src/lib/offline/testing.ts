import type { QueryKey } from "@tanstack/react-query";
import { type ChangeDescription, changeVariables, defineChange } from "@/lib/changes";
import type { ApiMutationVariables } from "@/lib/mutations";
import { clearSession, writeSession } from "@/lib/session";
/** Helpers for the offline tests (imported by *.test.ts only). */
import { makeToken } from "@/test/tokens";
import { setManualOffline } from "../network";
import { resetPersistentStorageRequestForTests } from "../persistent-storage";
import { resetEnqueueForTests } from "./enqueue";
import { resetQueueHooksForTests } from "./hooks";
import { resetQueueStoreForTests } from "./queue-store";
import { resetSyncForTests } from "./sync";

export const TENANT_A = "tenant-a";
export const TENANT_B = "tenant-b";

/** Makes the API client carry a token of this tenant; returns the token. */
export function signInAs(tenantId: string, jti = "j1"): string {
  const token = makeToken({ sub: tenantId, jti, exp: Math.floor(Date.now() / 1000) + 3600 });
  writeSession(token);
  return token;
}

/**
 * The variables of a change made in a lib test, as a feature's declaration (lib/changes) builds
 * them: a new Idempotency-Key, and the label and detail when the test describes the change.
 */
export function testChange(
  method: ApiMutationVariables["method"],
  url: string,
  data?: unknown,
  refresh: QueryKey[] = [],
  description?: ChangeDescription,
): ApiMutationVariables {
  const declaration = defineChange({
    key: ["api", "test"],
    method,
    url: () => url,
    body: () => data,
    refresh: () => refresh,
    ...(description && { describe: () => description }),
    response: { parse: (answer: unknown) => answer },
  });
  return changeVariables(declaration, undefined);
}

export async function resetOfflineState(): Promise<void> {
  resetQueueStoreForTests();
  resetSyncForTests();
  resetEnqueueForTests();
  resetQueueHooksForTests();
  resetPersistentStorageRequestForTests();
  clearSession();
  await setManualOffline(false);
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

export interface RecordedRequest {
  method: string;
  url: string;
  body: unknown;
  idempotencyKey: string | null;
  authorization: string | null;
}

/** A fetch stand-in: records each request and answers with the next responder (or 201 {}). */
export function fakeServer(responders: ((request: RecordedRequest) => Response | Promise<Response>)[] = []) {
  const requests: RecordedRequest[] = [];
  const queue = [...responders];
  let fallback: (request: RecordedRequest) => Response | Promise<Response> = () => jsonResponse(201, { id: "new" });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const raw = init?.body;
    const request: RecordedRequest = {
      method: init?.method ?? "GET",
      url: String(input),
      body: typeof raw === "string" ? JSON.parse(raw) : (raw ?? null),
      idempotencyKey: headers.get("Idempotency-Key"),
      authorization: headers.get("Authorization"),
    };
    requests.push(request);
    const responder = queue.shift() ?? fallback;
    return responder(request);
  };
  return {
    fetch,
    requests,
    setFallback(next: (request: RecordedRequest) => Response | Promise<Response>) {
      fallback = next;
    },
  };
}

export function networkDown(): never {
  throw new TypeError("Failed to fetch");
}
