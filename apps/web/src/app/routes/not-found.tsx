import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { shellTexts } from "../texts";

export function Component() {
  const t = shellTexts.notFound;
  return (
    <section aria-labelledby="not-found-title" className="grid justify-items-center gap-4 py-12 text-center">
      <h1 id="not-found-title" className="text-2xl font-bold">
        {t.title}
      </h1>
      <p className="max-w-sm text-sm text-muted-foreground">{t.description}</p>
      <Button asChild>
        <Link to="/">{t.home}</Link>
      </Button>
    </section>
  );
}
