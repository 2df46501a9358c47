import { Button } from "@mieter-portal/ui/button";
import { Monitor, Moon, Sun } from "lucide-react";
import { nextTheme, setTheme, THEME_LABELS, useTheme } from "@/lib/theme";

/** Cycles light → dark → system; the label says what is on now and what a press does. */
export function ThemeToggle({ withText = false }: { withText?: boolean }) {
  const theme = useTheme();
  const next = nextTheme(theme);
  const Icon = theme === "light" ? Sun : theme === "dark" ? Moon : Monitor;
  const label = `Darstellung: ${THEME_LABELS[theme]}. Wechseln zu: ${THEME_LABELS[next]}`;
  return (
    <Button
      variant="ghost"
      size={withText ? "sm" : "icon"}
      aria-label={withText ? undefined : label}
      title={label}
      onClick={() => setTheme(next)}
      className={withText ? "w-full justify-start" : undefined}
    >
      <Icon aria-hidden="true" />
      {withText ? <span>Darstellung: {THEME_LABELS[theme]}</span> : null}
    </Button>
  );
}
