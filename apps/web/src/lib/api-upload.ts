import { buildApiError } from "@/lib/api/errors";
import { buildHeaders, type HttpMethod, type UploadOptions } from "@/lib/api/request";
import { resolveApiUrl } from "@/lib/api/urls";

// Apart from api-client: only uploads need it, and the login's start-up JavaScript does without (issue 13).

/** Statuses whose Response must not carry a body. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function parseResponseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    try {
      headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    } catch {
      // a header name the Headers class refuses is of no use to us
    }
  }
  return headers;
}

function percentOf(loaded: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)));
}

/**
 * apiRequest for a multipart body, over XMLHttpRequest because fetch cannot report upload
 * progress. Same headers, URL rewrite and errors as apiRequest: a non-ok answer throws the
 * "status: body" ApiRequestError, a network failure a TypeError like fetch's, an abort an AbortError.
 */
export function apiUpload(
  method: Exclude<HttpMethod, "GET">,
  url: string,
  body: FormData,
  options: UploadOptions = {},
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const { signal, onUploadProgress } = options;
    if (signal?.aborted) {
      reject(new DOMException("Die Anfrage wurde abgebrochen.", "AbortError"));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, resolveApiUrl(url));
    // Cookies go with same-origin requests anyway; cross-origin only when asked (like fetch's "include").
    xhr.withCredentials = options.withCredentials === true;
    buildHeaders(options.headers).forEach((value, key) => {
      xhr.setRequestHeader(key, value);
    });
    if (onUploadProgress) {
      xhr.upload.onprogress = (event) => {
        if (!event.lengthComputable) return;
        onUploadProgress({ loaded: event.loaded, total: event.total, percent: percentOf(event.loaded, event.total) });
      };
      xhr.upload.onload = (event) => {
        const total = event.lengthComputable ? event.total : event.loaded;
        onUploadProgress({ loaded: total, total, percent: 100 });
      };
    }
    const onAbortSignal = () => xhr.abort();
    signal?.addEventListener("abort", onAbortSignal, { once: true });
    const settle = () => signal?.removeEventListener("abort", onAbortSignal);

    xhr.onload = () => {
      settle();
      const text = typeof xhr.responseText === "string" ? xhr.responseText : "";
      const headers = parseResponseHeaders(xhr.getAllResponseHeaders());
      if (xhr.status < 200 || xhr.status > 299) {
        reject(buildApiError(xhr.status, xhr.statusText, text, headers));
        return;
      }
      resolve(
        new Response(NULL_BODY_STATUSES.has(xhr.status) ? null : text, {
          status: xhr.status,
          statusText: xhr.statusText,
          headers,
        }),
      );
    };
    xhr.onerror = () => {
      settle();
      reject(new TypeError("Failed to fetch"));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      settle();
      reject(new DOMException("Die Anfrage wurde abgebrochen.", "AbortError"));
    };
    xhr.send(body);
  });
}
