import { Monitor, Moon, Sun } from "lucide-react";
import { Button } from "@/components/ui/button";
import { nextTheme, setTheme, type Theme, useTheme } from "@/lib/theme";
import { shellTexts } from "../texts";

const ICONS = { light: Sun, dark: Moon, system: Monitor } satisfies Record<Theme, unknown>;

/** Cycles light → dark → system → light; the choice is saved. */
export function ThemeToggle() {
  const { theme } = useTheme();
  const Icon = ICONS[theme];
  const next = nextTheme(theme);
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={shellTexts.theme.toggle(shellTexts.theme[theme], shellTexts.theme[next])}
      data-theme-choice={theme}
      onClick={() => void setTheme(next)}
    >
      <Icon className="size-5" aria-hidden="true" />
    </Button>
  );
}
