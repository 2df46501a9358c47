import { type LucideIcon, Monitor, Moon, Sun } from "lucide-react";
import { useId } from "react";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { setTheme, THEME_CYCLE, type Theme, useTheme } from "@/lib/theme";
import { settingsTexts } from "../texts";

const ICONS: Record<Theme, LucideIcon> = { light: Sun, dark: Moon, system: Monitor };

/** Light, dark or system (follows the device live); saved on the device by lib/theme. */
export function ThemeSetting() {
  const { theme } = useTheme();
  const name = useId();
  const t = settingsTexts;
  return (
    <Card aria-labelledby={`${name}-title`}>
      <CardHeader>
        <CardTitle id={`${name}-title`}>{t.appearanceTitle}</CardTitle>
      </CardHeader>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">{t.themeLegend}</legend>
        <div className="grid grid-cols-3 gap-2">
          {THEME_CYCLE.map((option) => {
            const Icon = ICONS[option];
            const id = `${name}-${option}`;
            return (
              <div key={option}>
                <input
                  id={id}
                  type="radio"
                  name={name}
                  value={option}
                  checked={theme === option}
                  onChange={() => void setTheme(option)}
                  aria-describedby={`${id}-hint`}
                  className="peer sr-only"
                />
                <label
                  htmlFor={id}
                  className="flex h-full cursor-pointer flex-col items-center gap-1.5 rounded-xl border border-border bg-background px-2 py-3 text-sm font-medium transition-colors peer-checked:border-primary peer-checked:bg-secondary peer-checked:text-secondary-foreground peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring hover:bg-muted"
                >
                  <Icon className="size-5" aria-hidden="true" />
                  {t.themes[option]}
                </label>
                <span id={`${id}-hint`} className="sr-only">
                  {t.themeHints[option]}
                </span>
              </div>
            );
          })}
        </div>
      </fieldset>
    </Card>
  );
}
