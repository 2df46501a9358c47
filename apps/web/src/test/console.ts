/** Epic Stack habit: console.error fails a test unless the test says it expects one. */
export const consoleErrorPolicy = { allowed: false };

export function allowConsoleError(): void {
  consoleErrorPolicy.allowed = true;
}
