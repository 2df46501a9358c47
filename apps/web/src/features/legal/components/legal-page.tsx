import { useId } from "react";
import { type LegalDocument, legalTexts } from "../texts";
import { BackToSettings } from "./back-to-settings";

/** A legal text: back link to /settings, title, 'Stand: …', intro and numbered sections. */
export function LegalPage({ document }: { document: LegalDocument }) {
  const id = useId();
  return (
    <article aria-labelledby={`${id}-title`} className="mx-auto grid w-full max-w-2xl grid-cols-1 gap-4">
      <BackToSettings />
      <header className="grid gap-1">
        {/* 'Nutzungsbedingungen' fits 320 px at this size; longer words still wrap rather than overflow. */}
        <h1 id={`${id}-title`} className="text-[clamp(1.25rem,7vw,1.5rem)] font-bold hyphens-auto wrap-break-word">
          {document.title}
        </h1>
        <p className="text-sm text-muted-foreground" data-testid="legal-last-updated">
          {legalTexts.lastUpdated}
        </p>
      </header>
      <p className="leading-relaxed">{document.intro}</p>
      {document.sections.map((section, index) => (
        <section
          key={section.heading}
          aria-labelledby={`${id}-s${index}`}
          className="grid gap-2 rounded-2xl border border-border bg-card p-4 text-sm leading-relaxed text-card-foreground"
        >
          <h2 id={`${id}-s${index}`} className="text-base font-semibold">
            {section.heading}
          </h2>
          {section.paragraphs?.map((text) => (
            <p key={text}>{text}</p>
          ))}
          {section.items ? (
            <ul className="grid list-disc gap-1.5 pl-5">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
          {section.after?.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
