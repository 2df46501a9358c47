import type { PhotoUpload } from "@mieter-portal/contracts";
import type { ServiceVisit } from "@mieter-portal/contracts/services";
import type { QueueEntry } from "@mieter-portal/offline/types";
import { WORK_STORAGE_KEY } from "./config";
import { readJson, writeJson } from "./storage";

/**
 * An Einsatz as this device knows it (decision 052): begun here, its record id made here. Kept in
 * localStorage (without photos: those travel in the queue) so the screens show it after a reload
 * offline, until the server's answer shows it.
 */
export interface Work {
  recordId: string;
  accountId: string;
  visitId: string | null;
  buildingId: string;
  buildingName: string | null;
  serviceName: string;
  winter: boolean;
  startedAt: string;
  finishedAt: string | null;
  checklist: { item: string; done: boolean }[];
  /** The Ende form as typed so far (text; parsed on Ende). */
  draft: { streumittelKg: string; snow: boolean; ice: boolean; temperature: string; remark: string };
}

const EMPTY_DRAFT: Work["draft"] = { streumittelKg: "", snow: false, ice: false, temperature: "", remark: "" };

/** Work older than this is forgotten once nothing of it waits in the queue. */
const KEEP_MS = 14 * 86_400_000;

let works: Work[] = readJson<Work[]>(WORK_STORAGE_KEY, []);
const listeners = new Set<() => void>();

function save(next: Work[]) {
  works = next;
  writeJson(WORK_STORAGE_KEY, works);
  for (const listener of listeners) listener();
}

export const workStore = {
  all: (): Work[] => works,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  get: (recordId: string) => works.find((w) => w.recordId === recordId) ?? null,
  forVisit: (visitId: string, accountId: string) =>
    works.find((w) => w.visitId === visitId && w.accountId === accountId) ?? null,
  put(work: Work) {
    save([...works.filter((w) => w.recordId !== work.recordId), work]);
  },
  update(recordId: string, change: (work: Work) => Work) {
    const current = works.find((w) => w.recordId === recordId);
    if (current) save(works.map((w) => (w.recordId === recordId ? change(w) : w)));
  },
  /** Forgets finished work older than two weeks whose writes the server took. */
  prune(waitingRecordIds: Set<string>, now = Date.now()) {
    const kept = works.filter(
      (w) => !w.finishedAt || waitingRecordIds.has(w.recordId) || now - Date.parse(w.finishedAt) < KEEP_MS,
    );
    if (kept.length !== works.length) save(kept);
  },
  /** For tests. */
  reset() {
    works = readJson<Work[]>(WORK_STORAGE_KEY, []);
    listeners.clear();
  },
};

/** The Winterdienst asks for conditions (Schnee, Glätte, Temperatur); known by the catalogue's key. */
export function isWinterService(serviceKey: string): boolean {
  return serviceKey === "winterdienst";
}

export function newWork(input: {
  recordId: string;
  accountId: string;
  visitId: string | null;
  buildingId: string;
  buildingName: string | null;
  serviceName: string;
  serviceKey: string;
  startedAt: string;
  checklist: string[];
}): Work {
  const { serviceKey, ...rest } = input;
  return {
    ...rest,
    winter: isWinterService(serviceKey),
    finishedAt: null,
    checklist: input.checklist.map((item) => ({ item, done: false })),
    draft: { ...EMPTY_DRAFT },
  };
}

/** POST /staff/service-records: the Beginn, with the id made on the device. */
export function startBody(
  work: Work,
  extra: {
    serviceKindId?: string | null;
    position?: { latitude: number; longitude: number; accuracy_m: number } | null;
    photos: PhotoUpload[];
  },
) {
  return {
    id: work.recordId,
    visit_id: work.visitId,
    building_id: work.visitId ? null : work.buildingId,
    service_kind_id: work.visitId ? null : (extra.serviceKindId ?? null),
    started_at: work.startedAt,
    position: extra.position ?? null,
    photos: extra.photos,
  };
}

export const startUrl = () => "/staff/service-records";
export const finishUrl = (recordId: string) => `/staff/service-records/${encodeURIComponent(recordId)}/finish`;

/** A German decimal ("1,5") as a number; empty → null; anything else → NaN. */
export function parseGermanNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (!/^-?\d+([.,]\d+)?$/.test(trimmed)) return Number.NaN;
  return Number(trimmed.replace(",", "."));
}

export type FinishErrors = Partial<Record<"streumittelKg" | "temperature" | "remark" | "finishedAt", string>>;

/** Checks the Ende form; the server checks the same (contracts) and answers in German too. */
export function finishProblems(work: Work, finishedAt: string): FinishErrors {
  const errors: FinishErrors = {};
  const kg = parseGermanNumber(work.draft.streumittelKg);
  if (kg !== null && (!(kg > 0) || kg > 100_000)) errors.streumittelKg = "Bitte eine Menge größer als 0 in kg angeben.";
  const temperature = parseGermanNumber(work.draft.temperature);
  if (temperature !== null && (Number.isNaN(temperature) || temperature < -40 || temperature > 45))
    errors.temperature = "Bitte eine Temperatur zwischen -40 und 45 °C angeben.";
  if (work.draft.remark.trim().length > 2000) errors.remark = "Die Bemerkung darf höchstens 2000 Zeichen lang sein.";
  if (Date.parse(finishedAt) < Date.parse(work.startedAt))
    errors.finishedAt = "Das Ende liegt vor dem Beginn – bitte die Uhr des Geräts prüfen.";
  return errors;
}

/** POST /staff/service-records/:id/finish: checklist, Streumittel, conditions, remark, after-photos. */
export function finishBody(work: Work, finishedAt: string, photos: PhotoUpload[]) {
  const kg = parseGermanNumber(work.draft.streumittelKg);
  const temperature = parseGermanNumber(work.draft.temperature);
  return {
    finished_at: finishedAt,
    checklist: work.checklist,
    materials: kg ? [{ name: "Streumittel", amount: kg, unit: "kg" as const }] : [],
    conditions: work.winter ? { snow: work.draft.snow, ice: work.draft.ice, temperature_c: temperature ?? null } : null,
    remark: work.draft.remark.trim(),
    photos,
  };
}

export type VisitPhase = "geplant" | "begonnen" | "erledigt";

export interface VisitState {
  phase: VisitPhase;
  /** Writes of this Einsatz still in the device's queue. */
  waiting: boolean;
  /** The server refused a write of it (its German reason). */
  refused: string | null;
  recordId: string | null;
}

/** The queue's entries that belong to a record (its Beginn carries the id in the body, its Ende in the URL). */
export function entriesOf(recordId: string, entries: readonly QueueEntry[]): QueueEntry[] {
  return entries.filter(
    (e) =>
      e.url === finishUrl(recordId) || (e.url === startUrl() && (e.data as { id?: unknown } | null)?.id === recordId),
  );
}

/** What a visit's card says: the server's record, or what this device did and still sends. */
export function visitState(visit: ServiceVisit | null, work: Work | null, entries: readonly QueueEntry[]): VisitState {
  const recordId = work?.recordId ?? visit?.record?.id ?? null;
  const own = recordId ? entriesOf(recordId, entries) : [];
  const refused = own.find((e) => e.status === "failed")?.error ?? null;
  const server = visit?.record?.state;
  const phase: VisitPhase =
    server === "finished" || work?.finishedAt ? "erledigt" : server === "open" || work ? "begonnen" : "geplant";
  return { phase, waiting: own.some((e) => e.status === "pending"), refused, recordId };
}
