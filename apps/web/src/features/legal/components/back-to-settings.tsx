import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { paths } from "@/config/paths";
import { legalTexts } from "../texts";

export function BackToSettings() {
  return (
    <Link
      to={paths.settings.path}
      className="inline-flex min-h-11 items-center gap-2 self-start rounded-md text-sm font-medium text-link hover:underline focus-visible:outline-2 focus-visible:outline-ring"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {legalTexts.backToSettings}
    </Link>
  );
}
