/**
 * Console errors a test may not count against itself.
 *
 * Radix's Toast renders a screen-reader announcement and removes it 1 s later with its own
 * `setTimeout` (ToastAnnounce, @radix-ui/react-toast). When a test keeps running for more than a
 * second after a toast opened (a slow, loaded CI machine is enough), that state update lands outside
 * `act()` and React warns. It is Radix's internal timer, not the app's behaviour, and nothing a test
 * could wait for: the tests' console guards (apps/web, apps/console src/test/setup.ts) skip exactly
 * this warning and still fail on every other console.error.
 */
export function isBenignTestWarning(args: readonly unknown[]): boolean {
  const [first, second] = args;
  if (typeof first !== "string" || !first.includes("not wrapped in act(")) return false;
  // React formats the message as "An update to %s inside a test was not wrapped in act(...)".
  return first.includes("An update to ToastAnnounce ") || (first.includes("%s") && second === "ToastAnnounce");
}
