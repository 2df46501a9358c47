import { paths } from "@/config/paths";
import { PlaceholderScreen } from "../placeholder-screen";

export function Component() {
  return <PlaceholderScreen title={paths.repairs.title} />;
}
