import type { TotpSetup } from "@mieter-portal/contracts/staff";

/** The QR code of an otpauth:// URI (SVG from the server, shown as an image) and the secret as text. */
export function TotpEnrollment({ setup }: { setup: TotpSetup }) {
  const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`;
  const grouped = setup.secret.replace(/(.{4})/g, "$1 ").trim();
  return (
    <div className="grid gap-3 rounded-lg border border-border p-4">
      <p className="text-sm">
        Scannen Sie den QR-Code mit einer Authenticator-App (z. B. FreeOTP, Aegis, Google oder Microsoft Authenticator)
        und geben Sie danach den angezeigten Code ein.
      </p>
      <img
        src={src}
        alt="QR-Code für die Authenticator-App"
        width={192}
        height={192}
        className="size-48 justify-self-center rounded-md bg-white p-2"
      />
      <div className="grid gap-1 text-sm">
        <span className="text-muted-foreground">Oder den Schlüssel von Hand eingeben:</span>
        <code className="rounded bg-muted px-2 py-1 font-mono text-sm break-all">{grouped}</code>
      </div>
    </div>
  );
}
