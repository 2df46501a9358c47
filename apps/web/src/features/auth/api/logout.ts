import * as apiPaths from "@/config/api-paths-start";
import { apiRequest } from "@/lib/api/request";

/** POST /api/auth/logout: the server revokes the token. */
export async function logoutOnServer(): Promise<void> {
  await apiRequest("POST", apiPaths.logout);
}
