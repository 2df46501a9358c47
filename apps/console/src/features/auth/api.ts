import type {
  StaffInvitationInfo,
  StaffLoginRequest,
  StaffLoginResponse,
  StaffProfile,
  TotpSetup,
} from "@mieter-portal/contracts/staff";
import { queryOptions } from "@tanstack/react-query";
import { apiGet, apiPost } from "@/lib/api-client";

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ["staff", "me"],
    queryFn: ({ signal }) => apiGet<StaffProfile>("/staff/auth/me", { signal }),
    staleTime: 60_000,
  });

export const login = (body: StaffLoginRequest) =>
  apiPost<StaffLoginResponse>("/staff/auth/login", body, { anonymous: true });

/** An Administrator without a second factor (login answered totp_enrolment_required): the secret to scan. */
export const loginTotpSetup = (body: { email: string; password: string }) =>
  apiPost<TotpSetup>("/staff/auth/login/totp-setup", body, { anonymous: true });

export const logout = () => apiPost<unknown>("/staff/auth/logout");

export const invitationInfo = (token: string) =>
  apiPost<StaffInvitationInfo>("/staff/auth/invitation/info", { token }, { anonymous: true });

export const acceptInvitation = (body: { token: string; newPassword: string; totp?: string }) =>
  apiPost<StaffLoginResponse>("/staff/auth/invitation/accept", body, { anonymous: true });
