/// <reference lib="dom" /> -- runs in the browser
/**
 * The peer of the web bench (issue 30): the smallest React 19 app that shows the portal's first
 * screen, "Hallo, <Vorname>!" and the next rent, from the same two API routes the portal's
 * dashboard reads them from, with the token the portal stores (localStorage, same origin). Without
 * a token it shows a minimal login form: the peer's signed-out page for Lighthouse.
 *
 * bench/web.ts bundles it at bench time with the checkout's react and react-dom (esbuild, minified,
 * production) and the portal server serves it, precompressed, under /verwaltung/. Written without
 * JSX so that the server's tsconfig checks it as it is.
 */
import { Component, createElement as h, type ReactNode, Suspense, use, useState } from "react";
import { createRoot } from "react-dom/client";

/** The client key the API expects in X-API-Key (DEFAULT_CLIENT_API_KEY, put in by the bundler). */
declare const __PEER_API_KEY__: string;

const TOKEN_KEY = "mieter_portal_auth_token";
const USER_PATH = "/api/v1/auth/user";
const CURRENT_PAYMENT_PATH = "/api/v1/tenant/payments/current";

interface User {
  first_name?: string;
  firstName?: string;
}

interface Payment {
  amount: number;
  currency: string;
  due_date: string;
}

interface FirstScreen {
  user: User;
  payment: Payment | null;
}

async function read<T>(path: string, token: string): Promise<T> {
  const response = await fetch(path, {
    headers: { "X-API-Key": __PEER_API_KEY__, Accept: "application/json", Authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** Both reads at once, sent when this module runs (before the first render). */
function readFirstScreen(token: string): Promise<FirstScreen> {
  return Promise.all([read<User>(USER_PATH, token), read<Payment | null>(CURRENT_PAYMENT_PATH, token)]).then(
    ([user, payment]) => ({ user, payment }),
  );
}

const money = (payment: Payment) =>
  new Intl.NumberFormat("de-DE", { style: "currency", currency: payment.currency }).format(payment.amount);
const day = (isoDay: string) =>
  new Intl.DateTimeFormat("de-DE", { day: "2-digit", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${isoDay}T00:00:00Z`),
  );

function Dashboard({ screen }: { screen: Promise<FirstScreen> }) {
  const { user, payment } = use(screen);
  return h(
    "section",
    null,
    h("h1", null, `Hallo, ${user.first_name ?? user.firstName ?? "Mieter"}!`),
    h("h2", null, "Nächste Mietzahlung"),
    payment
      ? h(
          "p",
          null,
          h("strong", { "data-testid": "rent-amount" }, money(payment)),
          ` Fällig am ${day(payment.due_date)}`,
        )
      : h("p", { "data-testid": "rent-amount" }, "Keine anstehende Zahlung"),
  );
}

/** A failed read shows its error (the bench then times out waiting for the greeting). */
class ErrorBoundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: unknown) {
    return { error: String(error) };
  }
  override render() {
    return this.state.error ? h("p", { role: "alert" }, this.state.error) : this.props.children;
  }
}

function Login({ onSignedIn }: { onSignedIn: (token: string) => void }) {
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: { preventDefault(): void; currentTarget: HTMLFormElement }) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const response = await fetch("/api/v1/auth/login", {
      method: "POST",
      headers: { "X-API-Key": __PEER_API_KEY__, "Content-Type": "application/json" },
      body: JSON.stringify({ email: form.get("email"), password: form.get("password") }),
    });
    if (!response.ok) return setError("Anmeldung fehlgeschlagen");
    const { token } = (await response.json()) as { token: string };
    localStorage.setItem(TOKEN_KEY, token);
    onSignedIn(token);
  };
  return h(
    "form",
    { onSubmit: submit },
    h("h1", null, "Anmelden"),
    h("label", null, "E-Mail", h("input", { name: "email", type: "email", autoComplete: "username", required: true })),
    h(
      "label",
      null,
      "Passwort",
      h("input", { name: "password", type: "password", autoComplete: "current-password", required: true }),
    ),
    error ? h("p", { role: "alert" }, error) : null,
    h("button", { type: "submit" }, "Anmelden"),
  );
}

const storedToken = localStorage.getItem(TOKEN_KEY);
const firstScreen = storedToken ? readFirstScreen(storedToken) : null;

function App() {
  const [screen, setScreen] = useState(firstScreen);
  return h(
    "main",
    null,
    screen
      ? h(ErrorBoundary, null, h(Suspense, { fallback: h("p", null, "Lädt...") }, h(Dashboard, { screen })))
      : h(Login, { onSignedIn: (token: string) => setScreen(readFirstScreen(token)) }),
  );
}

createRoot(document.getElementById("root")!).render(h(App));
