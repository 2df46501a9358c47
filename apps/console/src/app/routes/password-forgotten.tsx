import { staffPasswordResetRequest } from "@mieter-portal/contracts/staff";
import { Button } from "@mieter-portal/ui/button";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { FormError, TextField } from "@/components/form-controls";
import { useDocumentTitle } from "@/components/page";
import { SignedOutLayout } from "@/components/signed-out-layout";
import { paths } from "@/config/paths";
import { requestPasswordReset } from "@/features/auth/password-reset";
import { errorsFromApi, validate } from "@/lib/form";

/** "Passwort vergessen?": the address, then the same answer for any address (decision 033). */
export function Component() {
  useDocumentTitle("Passwort vergessen");
  const [email, setEmail] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    document.getElementById("inhalt")?.querySelector("input")?.focus();
  }, []);
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validate(staffPasswordResetRequest, { email });
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    setPending(true);
    setErrors({});
    try {
      setSent((await requestPasswordReset(checked.data)).message);
    } catch (error) {
      setErrors(errorsFromApi(error));
    } finally {
      setPending(false);
    }
  }

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
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <p className="text-sm">
            Geben Sie die E-Mail-Adresse Ihres Kontos in der Verwaltung ein. Wir senden Ihnen einen Link, mit dem Sie
            ein neues Passwort festlegen.
          </p>
          <FormError message={errors._form} />
          <TextField
            label="E-Mail-Adresse"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
            required
          />
          <Button type="submit" disabled={pending}>
            {pending ? "Wird gesendet…" : "Link senden"}
          </Button>
          <Link className="text-sm text-link underline" to={paths.login}>
            Zurück zur Anmeldung
          </Link>
        </form>
      )}
    </SignedOutLayout>
  );
}
