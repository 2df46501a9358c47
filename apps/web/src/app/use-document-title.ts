import { useEffect } from "react";

export function useDocumentTitle(title: string, companyName: string) {
  useEffect(() => {
    document.title = title === companyName ? `Mieter-Portal · ${companyName}` : `${title} · ${companyName}`;
  }, [title, companyName]);
}
