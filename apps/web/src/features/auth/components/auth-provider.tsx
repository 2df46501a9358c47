import { type QueryClient, useIsRestoring, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "@/components/ui/use-toast";
import { afterStartup } from "@/lib/after-startup";
import { clearEarlyReads } from "@/lib/early-reads";
import { setManualOffline } from "@/lib/network";
import { clearSession, onSessionExpired, sessionToken, writeSession } from "@/lib/session";
import { checkToken } from "@/lib/token";
import { logoutOnServer } from "../api/logout";
import {
  clearSessionData,
  persistSession,
  type SessionUser,
  type StartupResult,
  type StoredSession,
  settledStartupSession,
  takeStartupSession,
} from "../session";
import { authTexts } from "../texts";

/** Spec section 9. */
export const LOGOUT_REDIRECT_DELAY = 100;
export const CACHE_INVALIDATION_DELAY = 100;
/** Browser timers overflow beyond ~24.8 days. */
const MAX_TIMER = 2 ** 31 - 1;

export type AuthState =
  | { status: "checking" }
  | { status: "signed-out" }
  | { status: "signed-in"; token: string; user: SessionUser };

interface AuthContextValue {
  state: AuthState;
  /** Stores a successful login and signs the tenant in. */
  completeLogin: (session: StoredSession) => Promise<void>;
  /** Programmatic logout: server call, then everything local is cleared (also when the call fails). */
  logout: () => Promise<void>;
  /**
   * Menu 'Abmelden': clears everything locally and goes to /login at once (spec); the token is
   * revoked on the server afterwards, fire and forget, or after the next sign-in (decision 012).
   */
  signOutLocally: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Revoking signed-out tokens on the server: loaded on demand, never in the way of the local sign-out. */
const revocation = () => import("../revocation");
const revokeRememberedTokens = () =>
  void revocation()
    .then((module) => module.revokeRemembered())
    .catch(() => undefined);

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error("useAuth muss innerhalb von AuthProvider verwendet werden.");
  return value;
}

/** The signed-in tenant; only for components below the signed-in gate. */
export function useSessionUser(): SessionUser {
  const { state } = useAuth();
  if (state.status !== "signed-in") throw new Error("Nicht angemeldet.");
  return state.user;
}

/**
 * Spec section 4: after a signed-in start the cached server data is refreshed about 100 ms later
 * and once the signed-in state is active. Both moments are one refresh here (issue 13): a query
 * read or failed since the start is not read again, and one on its way is not sent a second time.
 */
export function refreshCachedReads(queryClient: QueryClient, since: number): Promise<void> {
  return queryClient.invalidateQueries(
    { predicate: (query) => Math.max(query.state.dataUpdatedAt, query.state.errorUpdatedAt) < since },
    { cancelRefetch: false },
  );
}

/** The first state: what main.tsx read before the first render, else 'checking' until the provider has read it. */
function initialState(startup: StartupResult | undefined): AuthState {
  if (startup?.kind === "signed-in") return { status: "signed-in", ...startup.session };
  if (startup?.kind === "none" || startup?.kind === "malformed") return { status: "signed-out" };
  return { status: "checking" };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(() => initialState(settledStartupSession()));
  const queryClient = useQueryClient();
  const isRestoring = useIsRestoring();
  /** Start of a signed-in start whose one refresh of the cached data is still due. */
  const refreshSince = useRef<number | null>(null);
  const [refreshDelayPassed, setRefreshDelayPassed] = useState(false);
  const navigate = useNavigate();
  const expiryTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** Several failing queries must end the session only once. */
  const expiring = useRef(false);

  const clearLocal = useCallback(async () => {
    if (expiryTimer.current) clearTimeout(expiryTimer.current);
    clearSession();
    clearEarlyReads();
    refreshSince.current = null;
    queryClient.cancelQueries();
    queryClient.clear();
    await clearSessionData();
    await setManualOffline(false);
  }, [queryClient]);

  const finishLogout = useCallback(
    (description: string = authTexts.logoutDescription) => {
      toast({ title: authTexts.logoutTitle, description });
      setTimeout(() => {
        setState({ status: "signed-out" });
        navigate("/login", { replace: true });
      }, LOGOUT_REDIRECT_DELAY);
    },
    [navigate],
  );

  const logout = useCallback(async () => {
    try {
      await logoutOnServer();
    } catch (error) {
      console.warn("[auth] Abmelden am Server fehlgeschlagen, lokale Daten werden trotzdem gelöscht", error);
    }
    await clearLocal();
    finishLogout();
  }, [clearLocal, finishLogout]);

  const signOutLocally = useCallback(async () => {
    const token = sessionToken();
    await clearLocal();
    setState({ status: "signed-out" });
    toast({ title: authTexts.logoutTitle, description: authTexts.logoutDescription });
    navigate("/login", { replace: true });
    void revocation()
      .then((module) => module.revokeAfterSignOut(token))
      .catch(() => undefined);
  }, [clearLocal, navigate]);

  /** Expired or revoked session: silent logout with the notice (spec section 8). */
  const expire = useCallback(
    async (description?: string) => {
      if (expiring.current) return;
      expiring.current = true;
      await clearLocal();
      finishLogout(description);
    },
    [clearLocal, finishLogout],
  );

  const watchExpiry = useCallback(
    (token: string) => {
      if (expiryTimer.current) clearTimeout(expiryTimer.current);
      const check = checkToken(token);
      if (check.kind !== "valid") return;
      const delay = check.expiresAt - Date.now();
      if (delay < MAX_TIMER) expiryTimer.current = setTimeout(() => void expire(), delay);
    },
    [expire],
  );

  const completeLogin = useCallback(
    async (session: StoredSession) => {
      await persistSession(session);
      expiring.current = false;
      watchExpiry(session.token);
      setState({ status: "signed-in", token: session.token, user: session.user });
      // Tokens signed out here while offline are revoked now that the server answers.
      revokeRememberedTokens();
    },
    [watchExpiry],
  );

  // Start-up check: runs once; nothing but 'Lädt...' renders until it finished.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      const startedAt = Date.now();
      const result = await takeStartupSession();
      // Not before the first screen has painted: its own files come first (issue 13).
      afterStartup(revokeRememberedTokens);
      if (result.kind === "signed-in") {
        writeSession(result.session.token, result.session.user);
        watchExpiry(result.session.token);
        setState({ status: "signed-in", ...result.session });
        refreshSince.current = startedAt;
        setTimeout(() => setRefreshDelayPassed(true), CACHE_INVALIDATION_DELAY);
        return;
      }
      if (result.kind === "expired") {
        await clearLocal();
        toast({ title: authTexts.logoutTitle, description: authTexts.logoutDescription });
      }
      setState({ status: "signed-out" });
    })();
  }, [clearLocal, watchExpiry]);

  // The one refresh after a signed-in start: 100 ms after it, once signed in, and once the
  // persisted cache is back (before that there is nothing to refresh; the queries would read anyway).
  const signedIn = state.status === "signed-in";
  useEffect(() => {
    const since = refreshSince.current;
    if (!signedIn || !refreshDelayPassed || isRestoring || since === null) return;
    refreshSince.current = null;
    void refreshCachedReads(queryClient, since);
  }, [signedIn, refreshDelayPassed, isRestoring, queryClient]);

  // A 401 on a signed-in request (a read, a change, the sync) means the server no longer accepts
  // the token: the session store says so, and the session ends here.
  useEffect(
    () =>
      onSessionExpired((error) => {
        if (signedIn) void expire(error.apiMessage ?? undefined);
      }),
    [signedIn, expire],
  );

  const value = useMemo<AuthContextValue>(
    () => ({ state, completeLogin, logout, signOutLocally }),
    [state, completeLogin, logout, signOutLocally],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}
