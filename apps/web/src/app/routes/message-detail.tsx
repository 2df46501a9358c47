import { PlaceholderScreen } from "../placeholder-screen";

export function Component() {
  return <PlaceholderScreen title="Nachricht" />;
}
