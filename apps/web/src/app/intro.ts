/** Spec section 9: the branded intro shows for 2 s. */
export const INTRO_DURATION_MS = 2000;
const FADE_MS = 300;

let gone: Promise<void> = Promise.resolve();

/**
 * The intro is static markup in index.html, painted before any JavaScript. It is removed once
 * 2 s have passed since the navigation started.
 */
export function scheduleIntroRemoval(doc: Document = document, elapsed: number = performance.now()): void {
  const intro = doc.getElementById("intro");
  if (!intro) return;
  gone = new Promise((resolve) => {
    setTimeout(
      () => {
        intro.setAttribute("data-leaving", "");
        intro.removeAttribute("role");
        setTimeout(() => {
          intro.remove();
          resolve();
        }, FADE_MS);
      },
      Math.max(0, INTRO_DURATION_MS - elapsed),
    );
  });
}

/** Resolves once the intro is gone (at once when there was none): from then on the first screen shows. */
export function whenIntroGone(): Promise<void> {
  return gone;
}
