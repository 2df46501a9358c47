import { Link } from "react-router";
import { PageHeader, useDocumentTitle } from "@/components/page";
import { paths } from "@/config/paths";

export function Component() {
  useDocumentTitle("Nicht gefunden");
  return (
    <>
      <PageHeader title="Seite nicht gefunden" />
      <p className="text-sm">
        Diese Seite gibt es nicht.{" "}
        <Link to={paths.inbox} className="text-link underline">
          Zum Eingang
        </Link>
      </p>
    </>
  );
}
