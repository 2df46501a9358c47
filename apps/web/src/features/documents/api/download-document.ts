import { apiRequest } from "@/lib/api/request";
import { fetchWithOfflineCopy } from "@/lib/document-cache";

/** How long an opened file's object URL lives: the new tab has long loaded it by then. */
export const OBJECT_URL_LIFETIME_MS = 60_000;

/** Types a browser tab shows itself; other files (Word) are saved under their name instead. */
const VIEWABLE = /^(application\/pdf|image\/(jpeg|png|webp|gif))$/i;

export interface DownloadedFile {
  blob: Blob;
  /** The name the server gave the file (Content-Disposition), if any. */
  fileName: string | null;
}

/** filename* (RFC 5987) first, then the plain filename. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  const name = plain?.[1] ?? plain?.[2];
  return name?.trim() || null;
}

/**
 * GET of a document's file through the API client: a bearer token cannot ride on a plain link,
 * so the file is fetched with it and shown from memory.
 */
export async function fetchDocumentFile(fileUrl: string, signal?: AbortSignal): Promise<DownloadedFile> {
  // Opened documents stay viewable offline (kept per tenant on the device).
  return fetchWithOfflineCopy(fileUrl, async () => {
    const res = await apiRequest("GET", fileUrl, undefined, { signal });
    return { blob: await res.blob(), fileName: fileNameFromDisposition(res.headers.get("Content-Disposition")) };
  });
}

function saveAs(url: string, fileName: string) {
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Opens a document in a new tab. The tab is opened at once, inside the click (popup blockers
 * allow nothing later), shows a loading line, and is pointed at the file once it has arrived.
 * Files a tab cannot show are saved under their name and the tab is closed.
 * Rejects (and closes the tab) when the file cannot be fetched.
 */
export async function openDocumentInNewTab(
  fileUrl: string,
  { loadingText, fallbackName }: { loadingText: string; fallbackName: string },
): Promise<void> {
  const tab = window.open("", "_blank");
  if (tab) {
    try {
      tab.document.title = loadingText;
      tab.document.body.textContent = loadingText;
    } catch {
      // a tab we cannot write to still takes the file
    }
  }
  let file: DownloadedFile;
  try {
    file = await fetchDocumentFile(fileUrl);
  } catch (error) {
    tab?.close();
    throw error;
  }
  const url = URL.createObjectURL(file.blob);
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
  if (!VIEWABLE.test(file.blob.type)) {
    tab?.close();
    saveAs(url, file.fileName ?? fallbackName);
    return;
  }
  if (tab && !tab.closed) {
    // The file needs nothing from this window.
    tab.opener = null;
    tab.location.href = url;
  } else {
    // The browser refused the tab: open the file as a link would.
    const link = document.createElement("a");
    link.href = url;
    link.target = "_blank";
    link.rel = "noopener";
    document.body.append(link);
    link.click();
    link.remove();
  }
}
