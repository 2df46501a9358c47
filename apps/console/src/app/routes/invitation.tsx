import { useQuery } from "@tanstack/react-query";
import { Link, useLocation, useNavigate } from "react-router";
import { LoadError, Loading, useDocumentTitle } from "@/components/page";
import { SignedOutLayout } from "@/components/signed-out-layout";
import { paths } from "@/config/paths";
import { invitationInfo } from "@/features/auth/api";
import { InvitationForm } from "@/features/auth/components/invitation-form";

/** The token comes in the URL fragment (never sent to a server or written to its logs). */
export function invitationTokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, "")).get("token");
  return token?.trim() ? token.trim() : null;
}

/**
 * The page starts over for every link: a second mail's link opened in the same tab changes only
 * the fragment (no new page load), and must not keep the first link's token.
 */
export function Component() {
  const token = invitationTokenFromHash(useLocation().hash);
  return <InvitationPage key={token ?? ""} token={token} />;
}

function InvitationPage({ token }: { token: string | null }) {
  useDocumentTitle("Einladung annehmen");
  const navigate = useNavigate();
  const info = useQuery({
    queryKey: ["invitation", token],
    queryFn: () => invitationInfo(token!),
    enabled: token !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <SignedOutLayout title="Einladung annehmen">
      {token === null ? (
        <p role="alert">
          Der Link ist unvollständig. Bitte öffnen Sie den Link aus der Einladungs-E-Mail erneut oder bitten Sie Ihre
          Administratorin um eine neue Einladung.
        </p>
      ) : info.isPending ? (
        <Loading />
      ) : info.isError ? (
        <div className="grid gap-3">
          <LoadError error={info.error} />
          <Link className="text-sm text-link underline" to={paths.login}>
            Zur Anmeldung
          </Link>
        </div>
      ) : (
        <InvitationForm token={token} info={info.data} onAccepted={() => navigate(paths.inbox, { replace: true })} />
      )}
    </SignedOutLayout>
  );
}
