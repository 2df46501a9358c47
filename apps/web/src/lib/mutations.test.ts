import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "@/lib/api/errors";
import type { UploadProgress } from "@/lib/api/request";
import { clearSession, writeSession } from "@/lib/session";
import { multipartPayload, onUploadProgress, sendApiMutation, toFormData } from "./mutations";
import { setManualOffline } from "./network";
import { listEntries } from "./offline/queue-store";
import { resetOfflineState, signInAs, TENANT_A, testChange } from "./offline/testing";
import { isOfflineResult } from "./offline/types";

/** A stand-in XMLHttpRequest: records what is sent and lets the test answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: unknown = null;
  withCredentials = false;
  status = 0;
  statusText = "";
  responseText = "";
  responseHeaders = "";
  upload: {
    onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    onload: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null, onload: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  getAllResponseHeaders() {
    return this.responseHeaders;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  respond(status: number, statusText: string, text: string, headers = "content-type: application/json\r\n") {
    this.status = status;
    this.statusText = statusText;
    this.responseText = text;
    this.responseHeaders = headers;
    this.onload?.();
  }
}

function installFakeXhr() {
  FakeXhr.last = null;
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
}

/** Lets the pending promise reach xhr.send. */
const tick = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe("toFormData", () => {
  it("turns a multipart payload into FormData with the file's name and leaves JSON bodies alone", () => {
    const file = new File(["%PDF-1.4"], "Vertrag.pdf", { type: "application/pdf" });
    const form = toFormData(multipartPayload({ file, title: "Vertrag.pdf", type: "personal" }));
    expect(form).toBeInstanceOf(FormData);
    expect((form!.get("file") as File).name).toBe("Vertrag.pdf");
    expect(form!.get("title")).toBe("Vertrag.pdf");
    expect(form!.get("type")).toBe("personal");
    expect(toFormData({ status: "confirmed" })).toBeNull();
    expect(toFormData(undefined)).toBeNull();
  });
});

describe("sendApiMutation with a multipart body", () => {
  it("sends FormData over XMLHttpRequest with the usual headers and reports progress by idempotency key", async () => {
    installFakeXhr();
    writeSession("token-123");
    const file = new File(["%PDF-1.4 hello"], "Nachweis.pdf", { type: "application/pdf" });
    const variables = testChange("POST", "/api/v1/tenant/documents", multipartPayload({ file, title: "Nachweis.pdf" }));
    const seen: UploadProgress[] = [];
    const other: UploadProgress[] = [];
    const stop = onUploadProgress(variables.idempotencyKey, (p) => seen.push(p));
    onUploadProgress("another-key", (p) => other.push(p));

    const result = sendApiMutation(variables);
    // The upload code is imported on the first upload (lib/api-upload).
    await vi.waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe("/api/v1/tenant/documents");
    expect(xhr.headers["idempotency-key"]).toBe(variables.idempotencyKey);
    expect(xhr.headers.authorization).toBe("Bearer token-123");
    expect(xhr.headers["x-api-key"]).toBeTruthy();
    // The browser sets the multipart boundary itself.
    expect(xhr.headers["content-type"]).toBeUndefined();
    expect(xhr.body).toBeInstanceOf(FormData);
    expect(((xhr.body as FormData).get("file") as File).name).toBe("Nachweis.pdf");

    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    xhr.upload.onload?.({ lengthComputable: true, loaded: 200, total: 200 });
    xhr.respond(201, "Created", JSON.stringify({ id: "d1", title: "Nachweis.pdf" }));

    await expect(result).resolves.toEqual({ id: "d1", title: "Nachweis.pdf" });
    expect(seen.map((p) => p.percent)).toEqual([25, 100]);
    expect(other).toEqual([]);
    stop();
  });

  it("throws the same 'status: body' ApiRequestError as apiRequest, with the API's German message", async () => {
    installFakeXhr();
    const body = JSON.stringify({ error: "file_type_not_allowed", message: "Dieser Dateityp ist nicht erlaubt." });
    const result = sendApiMutation(testChange("POST", "/api/tenant/documents", multipartPayload({ title: "x" })));
    await tick();
    expect(FakeXhr.last!.url).toBe("/api/v1/tenant/documents");
    FakeXhr.last!.respond(415, "Unsupported Media Type", body);
    const error = await result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe(`415: ${body}`);
    expect((error as ApiRequestError).status).toBe(415);
    expect((error as ApiRequestError).apiMessage).toBe("Dieser Dateityp ist nicht erlaubt.");
  });

  it("fails like fetch (TypeError) when the network is gone", async () => {
    installFakeXhr();
    const result = sendApiMutation(testChange("POST", "/api/v1/tenant/documents", multipartPayload({ title: "x" })));
    await tick();
    FakeXhr.last!.onerror?.();
    await expect(result).rejects.toBeInstanceOf(TypeError);
  });

  it("still sends JSON bodies with fetch", async () => {
    installFakeXhr();
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true }), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    const variables = testChange("PATCH", "/api/v1/tenant/appointments/a1/status", { status: "confirmed" });
    await expect(sendApiMutation(variables)).resolves.toEqual({ success: true });
    expect(FakeXhr.last).toBeNull();
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).get("Idempotency-Key")).toBe(variables.idempotencyKey);
    expect(init.body).toBe(JSON.stringify({ status: "confirmed" }));
  });
});

describe("sendApiMutation and the offline queue", () => {
  const repair = { type: "other", location: "kitchen", description: "Tür klemmt", urgency: "medium", photos: [] };

  beforeEach(async () => {
    await resetOfflineState();
    signInAs(TENANT_A);
  });
  afterEach(async () => {
    await setManualOffline(false);
  });

  it("offline: queues the change with its Idempotency-Key and answers the fake success without a request", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    await setManualOffline(true);
    const variables = testChange("POST", "/api/v1/tenant/repairs", repair, [["/api/v1/tenant/repairs"]]);
    const result = await sendApiMutation(variables);
    expect(result).toMatchObject({ success: true, offline: true });
    expect(isOfflineResult(result)).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
    const [entry] = await listEntries();
    expect(entry).toMatchObject({ idempotencyKey: variables.idempotencyKey, tenantId: TENANT_A, data: repair });
  });

  it("online: a network failure queues the change the same way", async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    vi.stubGlobal("fetch", fetchMock);
    const variables = testChange("POST", "/api/v1/tenant/repairs", repair);
    await expect(sendApiMutation(variables)).resolves.toMatchObject({ offline: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((await listEntries())[0]!.idempotencyKey).toBe(variables.idempotencyKey);
  });

  it("online: a server error is an error, not a queued change", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("kaputt", { status: 500, statusText: "Server Error" })),
    );
    await expect(sendApiMutation(testChange("POST", "/api/v1/tenant/repairs", repair))).rejects.toBeInstanceOf(
      ApiRequestError,
    );
    expect(await listEntries()).toEqual([]);
  });

  it("never queues sign-in or password changes: offline they fail like the network", async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    vi.stubGlobal("fetch", fetchMock);
    await setManualOffline(true);
    await expect(
      sendApiMutation(testChange("POST", "/api/v1/auth/password", { currentPassword: "a", newPassword: "b" })),
    ).rejects.toBeInstanceOf(TypeError);
    expect(await listEntries()).toEqual([]);
  });

  it("online: a change queues behind a waiting change of the same resource instead of overtaking it", async () => {
    await setManualOffline(true);
    const confirm = testChange("PATCH", "/api/v1/tenant/appointments/a1/status", { status: "confirmed" });
    await sendApiMutation(confirm);
    await setManualOffline(false);
    const fetchMock = vi.fn(async () => new Response("{}", { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    const cancel = testChange("PATCH", "/api/v1/tenant/appointments/a1/status", { status: "canceled" });
    await expect(sendApiMutation(cancel)).resolves.toMatchObject({ offline: true });
    expect(fetchMock).not.toHaveBeenCalled();
    expect((await listEntries()).map((e) => e.idempotencyKey)).toEqual([confirm.idempotencyKey, cancel.idempotencyKey]);
    // Another appointment is not held up.
    await sendApiMutation(testChange("PATCH", "/api/v1/tenant/appointments/a2/status", { status: "confirmed" }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("offline multipart upload: the file is queued and sent later as multipart with the same key", async () => {
    await setManualOffline(true);
    const file = new File(["%PDF-1.4"], "Mietvertrag.pdf", { type: "application/pdf" });
    const variables = testChange(
      "POST",
      "/api/v1/tenant/documents",
      multipartPayload({ file, title: "Mietvertrag.pdf", type: "personal" }),
      [],
      // As features/documents declares it: the label and the title, stored when the change is made.
      { label: "Dokument hochladen", detail: "Mietvertrag.pdf" },
    );
    await expect(sendApiMutation(variables)).resolves.toMatchObject({ offline: true });
    const [entry] = await listEntries();
    expect(entry).toMatchObject({ bodyKind: "multipart", label: "Dokument hochladen", detail: "Mietvertrag.pdf" });
  });
});
