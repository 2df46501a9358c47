import { ArrowLeft, Mail } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { BreakableEmail } from "@/components/text/breakable-email";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "@/components/ui/accordion";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { FaqCategory } from "../faq-content";
import { DEFAULT_FAQ_CATEGORY, type FaqCategoryId, faqTexts } from "../texts";

/**
 * Category buttons (Portal first) and one single-open list per category; switching the category
 * closes the open answer. The footer box writes a mail to the support address.
 */
export function FaqView({
  categories,
  supportEmail,
  settingsPath,
}: {
  categories: FaqCategory[];
  supportEmail: string;
  settingsPath: string;
}) {
  const id = useId();
  const [categoryId, setCategoryId] = useState<FaqCategoryId>(DEFAULT_FAQ_CATEGORY);
  const [open, setOpen] = useState("");
  const category = categories.find((c) => c.id === categoryId) ?? categories[0];
  const t = faqTexts;

  const choose = (next: FaqCategoryId) => {
    setCategoryId(next);
    setOpen("");
  };

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4">
      <Link
        to={settingsPath}
        className="inline-flex min-h-11 items-center gap-2 self-start justify-self-start rounded-md text-sm font-medium text-link hover:underline focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t.backToSettings}
      </Link>
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold">{t.heading}</h1>
        <p className="text-sm text-muted-foreground">{t.intro}</p>
      </header>
      <fieldset className="min-w-0">
        <legend className="sr-only">{t.categories}</legend>
        <div className="flex flex-wrap gap-2">
          {categories.map((c) => {
            const active = c.id === categoryId;
            return (
              <button
                key={c.id}
                type="button"
                aria-pressed={active}
                onClick={() => choose(c.id)}
                className={cn(
                  "h-10 shrink-0 rounded-full border px-4 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                  active
                    ? "border-primary bg-primary text-primary-foreground"
                    : "border-border bg-card text-foreground hover:bg-muted",
                )}
              >
                {c.label}
              </button>
            );
          })}
        </div>
      </fieldset>
      {category ? (
        <section
          aria-labelledby={`${id}-category`}
          className="rounded-2xl border border-border bg-card px-4 py-1 text-card-foreground shadow-sm"
        >
          <h2 id={`${id}-category`} className="sr-only">
            {category.label}
          </h2>
          <Accordion type="single" collapsible value={open} onValueChange={setOpen} data-testid="faq-list">
            {category.items.map((item, index) => (
              <AccordionItem key={item.question} value={`${category.id}-${index}`}>
                <AccordionTrigger>{item.question}</AccordionTrigger>
                <AccordionContent className="grid gap-2">
                  {item.answer.map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                </AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        </section>
      ) : null}
      <section
        aria-labelledby={`${id}-more`}
        className="grid gap-3 rounded-2xl border border-border bg-secondary p-4 text-secondary-foreground"
      >
        <h2 id={`${id}-more`} className="text-base font-semibold">
          {t.moreQuestionsTitle}
        </h2>
        <p className="text-sm">{t.moreQuestionsText}</p>
        <Button asChild className="justify-self-start">
          <a href={`mailto:${supportEmail}`}>
            <Mail aria-hidden="true" />
            {t.writeEmail}
          </a>
        </Button>
        <p className="text-sm wrap-break-word">
          <BreakableEmail value={supportEmail} />
        </p>
      </section>
    </div>
  );
}
