import { Button } from "@mieter-portal/ui/button";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { LoadError, Loading, useDocumentTitle } from "@/components/page";
import { SignedOutLayout } from "@/components/signed-out-layout";
import { paths } from "@/config/paths";
import { NewPasswordForm } from "@/features/auth/components/new-password-form";
import {
  passwordResetInfo,
  RESET_LINK_TEXTS,
  type ResetLinkProblem,
  resetLinkProblem,
  resetTokenFromHash,
} from "@/features/auth/password-reset";

/**
 * The page the reset mail links to: the link's state, then the new password (decision 033). A second
 * mail's link opened in the same tab changes only the fragment: the page starts over with its token.
 */
export function Component() {
  useDocumentTitle("Neues Passwort setzen");
  const token = resetTokenFromHash(useLocation().hash);
  return <ResetPage key={token ?? ""} token={token} />;
}

function ResetPage({ token }: { token: string | null }) {
  const [problem, setProblem] = useState<ResetLinkProblem | null>(token === null ? "incomplete" : null);
  const [done, setDone] = useState<string | null>(null);
  const info = useQuery({
    queryKey: ["password-reset", token],
    queryFn: () => passwordResetInfo(token!),
    enabled: token !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const linkProblem = problem ?? (info.isError ? resetLinkProblem(info.error) : null);

  return (
    <SignedOutLayout title="Neues Passwort setzen">
      {done ? (
        <Done message={done} />
      ) : linkProblem ? (
        <LinkProblem problem={linkProblem} />
      ) : info.isPending ? (
        <Loading />
      ) : info.isError ? (
        <LoadError error={info.error} onRetry={() => void info.refetch()} />
      ) : (
        <NewPasswordForm
          token={token!}
          email={info.data.email}
          name={info.data.name}
          onDone={setDone}
          onLinkProblem={setProblem}
        />
      )}
    </SignedOutLayout>
  );
}

function LinkProblem({ problem }: { problem: ResetLinkProblem }) {
  const texts = RESET_LINK_TEXTS[problem];
  return (
    <div role="alert" className="grid gap-3">
      <h2 className="font-semibold">{texts.title}</h2>
      <p className="text-sm">{texts.text}</p>
      {texts.newLink ? (
        <Button asChild>
          <Link to={paths.passwordForgotten}>Neuen Link anfordern</Link>
        </Button>
      ) : null}
      <Link className="text-sm text-link underline" to={paths.login}>
        Zur Anmeldung
      </Link>
    </div>
  );
}

function Done({ message }: { message: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="grid gap-4">
      <p ref={ref} tabIndex={-1} role="status" className="rounded-lg bg-muted p-3 text-sm outline-none">
        {message}
      </p>
      <Button asChild>
        <Link to={paths.login} replace>
          Zur Anmeldung
        </Link>
      </Button>
    </div>
  );
}
