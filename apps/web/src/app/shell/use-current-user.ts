import { useQuery } from "@tanstack/react-query";
import { getUserQueryOptions } from "@/features/auth/api/get-user";
import { useSessionUser } from "@/features/auth/components/auth-provider";

/** The tenant as the server knows it now, falling back to the stored login data. */
export function useCurrentUser() {
  const session = useSessionUser();
  const { data } = useQuery(getUserQueryOptions());
  return {
    id: data?.id ?? session.id,
    email: data?.email ?? session.email,
    firstName: data?.first_name ?? data?.firstName ?? session.first_name ?? session.firstName,
    lastName: data?.last_name ?? data?.lastName ?? session.last_name ?? session.lastName,
    address: data?.address ?? session.address ?? null,
    apartmentNumber: data?.apartment_number ?? session.apartment_number ?? null,
  };
}
