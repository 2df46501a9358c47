import { ArrowLeft } from "lucide-react";
import { useLocation, useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { titleForPath } from "@/config/paths";
import { useBrand } from "@/lib/brand";
import { cn } from "@/lib/utils";
import { shellTexts } from "../texts";
import { useDocumentTitle } from "../use-document-title";
import { NotificationsButton } from "./notifications-button";
import { ProfileButton } from "./profile-button";
import { ThemeToggle } from "./theme-toggle";

/**
 * Where a header title may wrap (issue 25: "Einstellu…" at 320 px, the legal titles at 390 px):
 * at its compound's joint, with a hyphen, as German hyphenation would; browsers without a German
 * dictionary would otherwise cut the word anywhere. Only the header's text: the document title
 * and the page's heading keep the plain word.
 */
const TITLE_BREAKS: Record<string, string> = {
  Dokumente: "Doku\u00admente",
  Reparaturen: "Repara\u00adturen",
  Nachrichten: "Nach\u00adrichten",
  Zählerstände: "Zähler\u00adstände",
  Einstellungen: "Ein\u00adstellungen",
  Datenschutzerklärung: "Datenschutz\u00aderklärung",
  Nutzungsbedingungen: "Nutzungs\u00adbedingungen",
};

/**
 * The company name stands in the header on routes without a title of their own (spec §2). A
 * configured name is not in TITLE_BREAKS: long words break before the compound parts property
 * managers' names are made of ("Grünfeld Haus|verwaltung", "Immobilien|gesellschaft"), with a hyphen.
 */
const COMPOUND_PARTS = [
  "verwaltung",
  "gesellschaft",
  "genossenschaft",
  "immobilien",
  "service",
  "management",
  "wohnungs",
  "wohnen",
  "garten",
  "bau",
];

export function withCompoundBreaks(text: string): string {
  return text
    .split(" ")
    .map((word) => {
      if (word.length < 11 || word.includes("\u00ad")) return word;
      const lower = word.toLocaleLowerCase("de-DE");
      const at = COMPOUND_PARTS.map((part) => lower.indexOf(part, 3))
        .filter((i) => i > 2 && i < word.length - 3)
        .sort((a, b) => a - b)[0];
      return at === undefined ? word : `${word.slice(0, at)}\u00ad${withCompoundBreaks(word.slice(at))}`;
    })
    .join(" ");
}

export function Header() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const brand = useBrand();
  const title = titleForPath(pathname, brand.companyName);
  useDocumentTitle(title, brand.companyName);
  const isHome = pathname === "/";

  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate("/", { replace: true });
  };

  return (
    <header
      data-app-header
      className="fixed inset-x-0 top-0 z-40 h-14 border-b border-border bg-card/95 text-card-foreground backdrop-blur supports-[backdrop-filter]:bg-card/85"
    >
      <div className="mx-auto flex h-full max-w-3xl items-center gap-1 px-2">
        {isHome ? (
          <span
            aria-hidden="true"
            className="ml-1 flex size-9 shrink-0 items-center justify-center rounded-xl bg-[#15803d] text-sm font-extrabold text-white"
          >
            {brand.logoText}
          </span>
        ) : (
          <Button variant="ghost" size="icon" aria-label={shellTexts.back} onClick={goBack}>
            <ArrowLeft className="size-5" aria-hidden="true" />
          </Button>
        )}
        {/* Up to two lines beside the buttons, a little smaller below 360 px; never cut off. The
            company name (routes without a title) is a configured, often long compound: below 360 px
            it takes the small size so that "Grünfeld Haus-|verwaltung" fits in two lines. */}
        <p
          className={cn(
            "ml-1 line-clamp-2 min-w-0 flex-1 leading-tight font-semibold break-words min-[360px]:text-base",
            title === brand.companyName ? "text-xs" : "text-sm",
          )}
          data-testid="header-title"
        >
          {TITLE_BREAKS[title] ?? withCompoundBreaks(title)}
        </p>
        <ThemeToggle />
        <NotificationsButton />
        <ProfileButton />
      </div>
    </header>
  );
}
