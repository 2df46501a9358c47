import { okResponse } from "@mieter-portal/contracts";
import {
  type StaffLoginRequest,
  staffInvitationInfo,
  staffLoginResponse,
  staffProfile,
  totpSetup,
} from "@mieter-portal/contracts/staff";
import { queryOptions } from "@tanstack/react-query";
import { apiGet, apiPost } from "@/lib/api-client";

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ["staff", "me"],
    queryFn: ({ signal }) => apiGet("/staff/auth/me", staffProfile, { signal }),
    staleTime: 60_000,
  });

export const login = (body: StaffLoginRequest) =>
  apiPost("/staff/auth/login", staffLoginResponse, body, { anonymous: true });

/** An Administrator without a second factor (login answered totp_enrolment_required): the secret to scan. */
export const loginTotpSetup = (body: { email: string; password: string }) =>
  apiPost("/staff/auth/login/totp-setup", totpSetup, body, { anonymous: true });

export const logout = () => apiPost("/staff/auth/logout", okResponse);

export const invitationInfo = (token: string) =>
  apiPost("/staff/auth/invitation/info", staffInvitationInfo, { token }, { anonymous: true });

export const acceptInvitation = (body: { token: string; newPassword: string; totp?: string }) =>
  apiPost("/staff/auth/invitation/accept", staffLoginResponse, body, { anonymous: true });
