/**
 * A chosen file's text (a bank statement, a tenant list): UTF-8, or — as many German banks and
 * Excel export CSV — Windows-1252 when the bytes are not valid UTF-8.
 */
export async function readTextFile(file: File): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}
