import type { TenantDocument } from "@mieter-portal/contracts";
import { describe, expect, it } from "vitest";
import { formatFileSize } from "@/lib/format";
import { fileTypeLabel, filterDocuments, groupDocuments, sectionOf } from "./document-list";

function doc(partial: Partial<TenantDocument> & Pick<TenantDocument, "id" | "title" | "type">): TenantDocument {
  return {
    file_type: "application/pdf",
    file_size: 1000,
    file_url: `/api/v1/tenant/documents/${partial.id}/file`,
    uploaded_at: "2025-06-01T10:00:00Z",
    is_tenant_uploaded: false,
    ...partial,
  };
}

const contract = doc({ id: "1", title: "Mietvertrag", type: "contract" });
const rules = doc({ id: "2", title: "Hausordnung 2024", type: "house_rules" });
const receipt = doc({ id: "3", title: "Mietbescheinigung 2025", type: "receipt" });
const utility = doc({ id: "4", title: "Abrechnung 2024", type: "utility" });
const mine = doc({ id: "5", title: "Nachweis Versicherung.PDF", type: "personal", is_tenant_uploaded: true });

describe("groupDocuments", () => {
  it("puts contract and house rules, receipts and utility bills, and the tenant's uploads in their sections", () => {
    const groups = groupDocuments([mine, utility, receipt, rules, contract]);
    expect(groups.contract.map((d) => d.id)).toEqual(["2", "1"]);
    expect(groups.utility.map((d) => d.id)).toEqual(["4", "3"]);
    expect(groups.mine.map((d) => d.id)).toEqual(["5"]);
  });

  it("files by upload first: a tenant upload is 'mine' whatever its type, and nothing is lost", () => {
    expect(sectionOf({ type: "contract", is_tenant_uploaded: true })).toBe("mine");
    expect(sectionOf({ type: "personal", is_tenant_uploaded: false })).toBe("mine");
    expect(groupDocuments([]).mine).toEqual([]);
  });
});

describe("filterDocuments", () => {
  const all = [contract, rules, receipt, utility, mine];
  const ids = (query: string) => filterDocuments(all, query).map((d) => d.id);

  it("matches the title case-insensitively as a substring", () => {
    expect(ids("mietv")).toEqual(["1"]);
    expect(ids("VERSICHERUNG")).toEqual(["5"]);
    expect(ids("2024")).toEqual(["2", "4"]);
  });

  it("matches the raw type and its German label", () => {
    expect(ids("house_rules")).toEqual(["2"]);
    expect(ids("utility")).toEqual(["4"]);
    // 'Nebenkostenabrechnung' is the label of utility, not in any title here.
    expect(ids("nebenkosten")).toEqual(["4"]);
    expect(ids("beleg")).toEqual(["3"]);
    expect(ids("persönlich")).toEqual(["5"]);
  });

  it("keeps everything for a blank query and nothing for a miss", () => {
    expect(ids("")).toEqual(["1", "2", "3", "4", "5"]);
    expect(ids("   ")).toEqual(["1", "2", "3", "4", "5"]);
    expect(ids("  mietvertrag ")).toEqual(["1"]);
    expect(ids("gibt es nicht")).toEqual([]);
  });
});

describe("fileTypeLabel", () => {
  it("names the accepted types for people", () => {
    expect(fileTypeLabel("application/pdf")).toBe("PDF");
    expect(fileTypeLabel("application/msword")).toBe("Word");
    expect(fileTypeLabel("application/vnd.openxmlformats-officedocument.wordprocessingml.document")).toBe("Word");
    expect(fileTypeLabel("image/jpeg")).toBe("JPEG");
    expect(fileTypeLabel("IMAGE/PNG; charset=binary")).toBe("PNG");
    expect(fileTypeLabel("application/x-tar")).toBe("TAR");
    expect(fileTypeLabel("")).toBe("Datei");
  });
});

describe("document sizes (B/KB/MB, one decimal)", () => {
  it("shows bytes, kilobytes and megabytes", () => {
    expect(formatFileSize(0)).toBe("0 B");
    expect(formatFileSize(1023)).toBe("1023 B");
    expect(formatFileSize(1024)).toBe("1,0 KB");
    expect(formatFileSize(250_880)).toBe("245,0 KB");
    expect(formatFileSize(1024 * 1024)).toBe("1,0 MB");
    expect(formatFileSize(20 * 1024 * 1024)).toBe("20,0 MB");
  });

  it("picks the unit after rounding, so nothing reads '1.024,0 KB'", () => {
    expect(formatFileSize(1_048_575)).toBe("1,0 MB");
    expect(formatFileSize(1_048_524)).toBe("1.023,9 KB");
  });
});
