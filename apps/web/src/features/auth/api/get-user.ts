import { user } from "@mieter-portal/contracts";
import { queryOptions } from "@tanstack/react-query";
import * as apiPaths from "@/config/api-paths";
import { defineRead } from "@/lib/reads";
import { authTexts } from "../texts";

export const userQueryKey = [apiPaths.user] as const;

const readUser = defineRead({ resource: authTexts.resource, response: user });

export function getUserQueryOptions() {
  return queryOptions({
    queryKey: userQueryKey,
    queryFn: readUser,
  });
}
