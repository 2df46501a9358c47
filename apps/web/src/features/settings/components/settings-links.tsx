import {
  ChevronRight,
  Cookie,
  FileText,
  type LucideIcon,
  Mail,
  MessageCircleQuestion,
  ShieldCheck,
} from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { settingsTexts } from "../texts";

const LINKS: Array<{ path: string; label: string; icon: LucideIcon }> = [
  { path: paths.privacyPolicy.path, label: paths.privacyPolicy.title, icon: ShieldCheck },
  { path: paths.termsOfService.path, label: paths.termsOfService.title, icon: FileText },
  { path: paths.cookiePolicy.path, label: paths.cookiePolicy.title, icon: Cookie },
  { path: paths.contact.path, label: paths.contact.title, icon: Mail },
  { path: paths.faq.path, label: paths.faq.title, icon: MessageCircleQuestion },
];

export function SettingsLinks() {
  const id = useId();
  return (
    <Card aria-labelledby={`${id}-title`} className="pb-2">
      <CardHeader className="mb-1">
        <CardTitle id={`${id}-title`}>{settingsTexts.linksTitle}</CardTitle>
      </CardHeader>
      <nav aria-labelledby={`${id}-title`}>
        <ul className="divide-y divide-border">
          {LINKS.map(({ path, label, icon: Icon }) => (
            <li key={path}>
              <Link
                to={path}
                className="-mx-2 flex min-h-12 items-center gap-3 rounded-lg px-2 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
              >
                <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
                <span className="flex-1">{label}</span>
                <ChevronRight className="size-4 text-muted-foreground" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Card>
  );
}
