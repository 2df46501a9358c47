import { Button } from "@mieter-portal/ui/button";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useDocumentTitle } from "@/components/page";
import { SignedOutLayout } from "@/components/signed-out-layout";
import { paths } from "@/config/paths";
import { ForgotPasswordForm } from "@/features/auth/components/forgot-password-form";

/** "Passwort vergessen?": the address, then the same answer for any address (decision 033). */
export function Component() {
  useDocumentTitle("Passwort vergessen");
  const [sent, setSent] = useState<string | null>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  return (
    <SignedOutLayout title="Passwort vergessen">
      {sent ? (
        <div className="grid gap-4">
          <p ref={sentRef} tabIndex={-1} role="status" className="rounded-lg bg-muted p-3 text-sm outline-none">
            {sent}
          </p>
          <p className="text-sm text-muted-foreground">
            Der Link gilt 60 Minuten und nur einmal. Keine E-Mail bekommen? Prüfen Sie die Adresse und fordern Sie nach
            ein paar Minuten einen neuen Link an.
          </p>
          <Button asChild>
            <Link to={paths.login}>Zur Anmeldung</Link>
          </Button>
        </div>
      ) : (
        <ForgotPasswordForm onSent={setSent} />
      )}
    </SignedOutLayout>
  );
}
