import { readFile } from "node:fs/promises";
import path from "node:path";
import { validateXML } from "xmllint-wasm";

/**
 * Validates a pain.008 file against the schema shipped under fixtures/sepa/ with libxml2's xmllint
 * compiled to WebAssembly (no binary, no network): the list of errors, empty when valid.
 */
const SCHEMA = path.join(import.meta.dirname, "fixtures", "sepa", "pain.008.001.08-sepa-core.xsd");

export async function validatePain008(xml: string): Promise<string[]> {
  const schema = await readFile(SCHEMA, "utf8");
  const result = await validateXML({
    xml: [{ fileName: "run.xml", contents: xml }],
    schema: [{ fileName: "pain.008.001.08.xsd", contents: schema }],
    initialMemoryPages: 512,
    maxMemoryPages: 4096,
  });
  return result.errors.map((e) => e.rawMessage);
}
