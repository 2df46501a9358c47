import { paths } from "@/config/paths";
import { PlaceholderScreen } from "../placeholder-screen";

export function Component() {
  return <PlaceholderScreen title={paths.termsOfService.title} />;
}
