/** Spec section 9: the branded intro shows for 2 s. */
export const INTRO_DURATION_MS = 2000;
const FADE_MS = 300;

/**
 * The intro is static markup in index.html, painted before any JavaScript. It is removed once
 * 2 s have passed since the navigation started. `onLeave` runs when it starts to leave (at once
 * without an intro): the first screen has long been built, and the tenant cannot act yet.
 */
export function scheduleIntroRemoval(
  doc: Document = document,
  elapsed: number = performance.now(),
  onLeave: () => void = () => {},
): void {
  const intro = doc.getElementById("intro");
  if (!intro) {
    onLeave();
    return;
  }
  setTimeout(
    () => {
      onLeave();
      intro.setAttribute("data-leaving", "");
      intro.removeAttribute("role");
      setTimeout(() => intro.remove(), FADE_MS);
    },
    Math.max(0, INTRO_DURATION_MS - elapsed),
  );
}
