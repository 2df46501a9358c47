import { apiBlob } from "./api-client";

/**
 * Saves a file the API sends only with the bearer header (so not a plain link): fetched as a blob,
 * offered to the browser under `filename`.
 */
export async function downloadFile(path: string, filename: string): Promise<void> {
  const blob = await apiBlob(path);
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
