import type { PhotoUpload } from "@mieter-portal/contracts";
import type { ServiceVisit } from "@mieter-portal/contracts/services";
import { Button } from "@mieter-portal/ui/button";
import { Field } from "@mieter-portal/ui/field";
import { Textarea } from "@mieter-portal/ui/textarea";
import { MapPin } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { PhotoPicker } from "@/components/photo-picker";
import { StateBadges } from "@/components/state-badges";
import { berlinTime, shortDate } from "@/lib/dates";
import {
  type FinishErrors,
  finishBody,
  finishProblems,
  finishUrl,
  newWork,
  startBody,
  startUrl,
  visitState,
  type Work,
  workStore,
} from "@/lib/einsatz";
import { buildingName, useQueueEntries, useWorks } from "@/lib/hooks";
import { queueWrite } from "@/lib/queue";
import { getSession } from "@/lib/session";
import { cachedVisit, useVisits } from "@/lib/visits";

type Position = { latitude: number; longitude: number; accuracy_m: number };

const STORAGE_FAILED = "Die Eingabe konnte auf dem Gerät nicht gespeichert werden. Bitte erneut versuchen.";

/** A planned Einsatz: its details, then Beginn, then the Ende form. */
export function VisitScreen() {
  const { visitId = "" } = useParams();
  const works = useWorks();
  const work = works.find((w) => w.visitId === visitId) ?? null;
  const visit = cachedVisit(visitId);
  // Keeps the cache fresh while the screen is open (the visit's server state).
  useVisits(visit?.planned_on ?? "", visit?.planned_on ?? "", Boolean(visit));
  if (!visit && !work) {
    return (
      <div className="grid gap-3">
        <h1 className="text-xl font-semibold">Einsatz nicht gefunden</h1>
        <p>Dieser Einsatz ist auf dem Gerät nicht gespeichert. Bitte öffnen Sie ihn aus der Liste.</p>
        <Link to="/" className="text-link underline">
          Zu den Einsätzen von heute
        </Link>
      </div>
    );
  }
  if (work) return <WorkPanel work={work} visit={visit} />;
  return <PlannedStart visit={visit!} />;
}

/** An Einsatz begun on this device (planned or unplanned), by its record id. */
export function WorkScreen() {
  const { recordId = "" } = useParams();
  const works = useWorks();
  const work = works.find((w) => w.recordId === recordId);
  if (!work) {
    return (
      <div className="grid gap-3">
        <h1 className="text-xl font-semibold">Einsatz nicht gefunden</h1>
        <Link to="/" className="text-link underline">
          Zu den Einsätzen von heute
        </Link>
      </div>
    );
  }
  return <WorkPanel work={work} visit={work.visitId ? cachedVisit(work.visitId) : null} />;
}

function Heading({ service, house, sub }: { service: string; house: string; sub: string }) {
  return (
    <div className="grid gap-1">
      <h1 className="text-xl font-semibold break-words">{service}</h1>
      <p className="break-words text-muted-foreground">
        {house} · {sub}
      </p>
    </div>
  );
}

function PlannedStart({ visit }: { visit: ServiceVisit }) {
  const entries = useQueueEntries();
  const state = visitState(visit, null, entries);
  const house = buildingName(visit.building_id);
  return (
    <section className="grid gap-4">
      <Heading
        service={visit.service_name}
        house={house}
        sub={`${shortDate(visit.planned_on)}, ${visit.window.start}–${visit.window.end} Uhr`}
      />
      <StateBadges state={state} />
      {visit.note ? <p className="rounded-lg bg-warning-soft p-3 text-warning-soft-foreground">{visit.note}</p> : null}
      {visit.record ? (
        <p className="rounded-lg bg-muted p-3">
          {visit.record.state === "finished"
            ? `Erledigt: ${berlinTime(visit.record.started_at)} bis ${berlinTime(visit.record.finished_at ?? visit.record.started_at)}.`
            : `Begonnen um ${berlinTime(visit.record.started_at)} (auf einem anderen Gerät).`}
        </p>
      ) : (
        <StartForm
          onStart={async ({ photos, position }) => {
            const session = getSession();
            if (!session) return;
            const work = newWork({
              recordId: crypto.randomUUID(),
              accountId: session.staff.id,
              visitId: visit.id,
              buildingId: visit.building_id,
              buildingName: house,
              serviceName: visit.service_name,
              serviceKey: visit.service_key,
              startedAt: new Date().toISOString(),
              checklist: visit.checklist,
            });
            await queueWrite({
              url: startUrl(),
              data: startBody(work, { photos, position }),
              label: `Beginn: ${visit.service_name}`,
              detail: house,
            });
            workStore.put(work);
          }}
        />
      )}
    </section>
  );
}

/** Before-photos, the optional position check, and Beginn (the device's time). */
export function StartForm({
  onStart,
  disabled,
}: {
  onStart: (input: { photos: PhotoUpload[]; position: Position | null }) => Promise<void>;
  disabled?: boolean;
}) {
  const [photos, setPhotos] = useState<PhotoUpload[]>([]);
  const [position, setPosition] = useState<Position | null>(null);
  const [locating, setLocating] = useState<"idle" | "busy" | "failed">("idle");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function locate() {
    if (!navigator.geolocation) {
      setLocating("failed");
      return;
    }
    setLocating("busy");
    navigator.geolocation.getCurrentPosition(
      (fix) => {
        setPosition({
          latitude: fix.coords.latitude,
          longitude: fix.coords.longitude,
          accuracy_m: Math.round(fix.coords.accuracy),
        });
        setLocating("idle");
      },
      () => setLocating("failed"),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  }

  return (
    <div className="grid gap-4">
      <PhotoPicker label="Fotos vorher" photos={photos} onChange={setPhotos} />
      <div className="grid gap-2 rounded-lg border border-border p-3">
        <Button variant="outline" size="lg" onClick={locate} disabled={locating === "busy"}>
          <MapPin aria-hidden="true" />
          {locating === "busy" ? "Standort wird geprüft …" : "Standort prüfen"}
        </Button>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {position
            ? `Standort erfasst (Genauigkeit ± ${position.accuracy_m} m). Gespeichert wird nur, ob Sie am Objekt waren.`
            : locating === "failed"
              ? "Der Standort konnte nicht bestimmt werden. Der Einsatz geht auch ohne."
              : "Freiwillig: Der Server prüft einmal, ob Sie am Objekt sind, und speichert nur das Ergebnis – nie den Standort."}
        </p>
      </div>
      {error ? (
        <p role="alert" className="text-destructive-text">
          {error}
        </p>
      ) : null}
      <Button
        size="lg"
        disabled={busy || disabled}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            await onStart({ photos, position });
          } catch {
            setError(STORAGE_FAILED);
          } finally {
            setBusy(false);
          }
        }}
      >
        Beginn
      </Button>
    </div>
  );
}

/** A begun Einsatz: checklist, Streumittel, conditions, remark, after-photos and Ende; afterwards its state. */
function WorkPanel({ work, visit }: { work: Work; visit: ServiceVisit | null }) {
  const entries = useQueueEntries();
  const state = visitState(visit, work, entries);
  const [photos, setPhotos] = useState<PhotoUpload[]>([]);
  const [errors, setErrors] = useState<FinishErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const house = work.buildingName ?? buildingName(work.buildingId);
  const draft = work.draft;
  const setDraft = (patch: Partial<Work["draft"]>) =>
    workStore.update(work.recordId, (w) => ({ ...w, draft: { ...w.draft, ...patch } }));

  async function finish() {
    const finishedAt = new Date().toISOString();
    const problems = finishProblems(work, finishedAt);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      setFormError("Bitte prüfen Sie die markierten Angaben.");
      return;
    }
    setBusy(true);
    setFormError(null);
    try {
      await queueWrite({
        url: finishUrl(work.recordId),
        data: finishBody(work, finishedAt, photos),
        label: `Ende: ${work.serviceName}`,
        detail: house,
      });
      workStore.update(work.recordId, (w) => ({ ...w, finishedAt }));
      setPhotos([]);
    } catch {
      setFormError(STORAGE_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="grid gap-4">
      <Heading
        service={work.serviceName}
        house={house}
        sub={work.visitId ? `Beginn ${berlinTime(work.startedAt)}` : `ungeplant · Beginn ${berlinTime(work.startedAt)}`}
      />
      <StateBadges state={state} />
      {state.refused ? (
        <p role="alert" className="rounded-lg bg-danger-soft p-3 text-danger-soft-foreground">
          Vom Server abgelehnt: {state.refused}
        </p>
      ) : null}
      {work.finishedAt ? (
        <div className="grid gap-2 rounded-lg bg-muted p-3">
          <p>
            Ende {berlinTime(work.finishedAt)}.{" "}
            {state.waiting
              ? "Der Einsatz ist auf dem Gerät gespeichert und wartet auf Synchronisierung."
              : "Der Einsatz ist beim Server angekommen."}
          </p>
          <Link to="/" className="text-link underline">
            Zurück zu den Einsätzen
          </Link>
        </div>
      ) : (
        <>
          {work.checklist.length > 0 ? (
            <fieldset className="grid gap-1">
              <legend className="mb-1 font-medium">Checkliste</legend>
              {work.checklist.map((entry, index) => (
                <label key={entry.item} className="flex min-h-12 items-center gap-3 rounded-lg px-1 hover:bg-muted">
                  <input
                    type="checkbox"
                    className="size-6 accent-primary"
                    checked={entry.done}
                    onChange={(e) =>
                      workStore.update(work.recordId, (w) => ({
                        ...w,
                        checklist: w.checklist.map((c, i) => (i === index ? { ...c, done: e.target.checked } : c)),
                      }))
                    }
                  />
                  <span>{entry.item}</span>
                </label>
              ))}
            </fieldset>
          ) : null}
          {work.winter ? (
            <fieldset className="grid gap-3 rounded-lg border border-border p-3">
              <legend className="px-1 font-medium">Winterdienst</legend>
              <label className="flex min-h-12 items-center gap-3">
                <input
                  type="checkbox"
                  className="size-6 accent-primary"
                  checked={draft.snow}
                  onChange={(e) => setDraft({ snow: e.target.checked })}
                />
                Schnee
              </label>
              <label className="flex min-h-12 items-center gap-3">
                <input
                  type="checkbox"
                  className="size-6 accent-primary"
                  checked={draft.ice}
                  onChange={(e) => setDraft({ ice: e.target.checked })}
                />
                Glätte
              </label>
              <Field
                label="Temperatur (°C)"
                error={errors.temperature}
                inputProps={{
                  inputMode: "decimal",
                  value: draft.temperature,
                  onChange: (e) => setDraft({ temperature: e.target.value }),
                  className: "h-12 text-base",
                }}
              />
              <Field
                label="Streumittel (kg)"
                error={errors.streumittelKg}
                inputProps={{
                  inputMode: "decimal",
                  value: draft.streumittelKg,
                  onChange: (e) => setDraft({ streumittelKg: e.target.value }),
                  className: "h-12 text-base",
                }}
              />
            </fieldset>
          ) : (
            <Field
              label="Streumittel (kg, falls verwendet)"
              error={errors.streumittelKg}
              inputProps={{
                inputMode: "decimal",
                value: draft.streumittelKg,
                onChange: (e) => setDraft({ streumittelKg: e.target.value }),
                className: "h-12 text-base",
              }}
            />
          )}
          <Field label="Bemerkung" error={errors.remark}>
            {(control) => (
              <Textarea
                {...control}
                rows={3}
                value={draft.remark}
                onChange={(e) => setDraft({ remark: e.target.value })}
                className="text-base"
              />
            )}
          </Field>
          <PhotoPicker label="Fotos nachher" photos={photos} onChange={setPhotos} />
          {errors.finishedAt ? (
            <p role="alert" className="text-destructive-text">
              {errors.finishedAt}
            </p>
          ) : null}
          {formError ? (
            <p role="alert" className="text-destructive-text">
              {formError}
            </p>
          ) : null}
          <Button size="lg" disabled={busy} onClick={() => void finish()}>
            Ende
          </Button>
        </>
      )}
    </section>
  );
}
