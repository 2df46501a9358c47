import { successResponse } from "@mieter-portal/contracts";
import {
  type StaffTenantCreateRequest,
  staffInvitationBulkResult,
  staffTenancyEndResult,
  staffTenantCreated,
  staffTenantDetail,
  tenantImportPreview,
  tenantImportResult,
  tenantInvitationState,
} from "@mieter-portal/contracts/staff";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiPatch, apiPost, apiPostBlob } from "@/lib/api-client";

export const tenantQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["staff", "tenant", id],
    queryFn: ({ signal }) => apiGet(`/staff/tenants/${id}`, staffTenantDetail, { signal }),
  });

/** The tenant list and page after a change (status, names, tenancy). */
function useTenantWrite<TVars, TResult>(key: string, fn: (vars: TVars) => Promise<TResult>, inlineErrors = true) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "tenants", key],
    mutationFn: fn,
    meta: { inlineErrors },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["staff"] }),
  });
}

export const useCreateTenant = () =>
  useTenantWrite("create", (body: StaffTenantCreateRequest) => apiPost("/staff/tenants", staffTenantCreated, body));

export const useUpdateContact = () =>
  useTenantWrite(
    "contact",
    ({ id, ...body }: { id: string; first_name?: string; last_name?: string; email?: string | null }) =>
      apiPatch(`/staff/tenants/${id}`, successResponse, body),
  );

export const useEndTenancy = () =>
  useTenantWrite("end", ({ id, end_date }: { id: string; end_date: string }) =>
    apiPost(`/staff/tenants/${id}/tenancy/end`, staffTenancyEndResult, { end_date }),
  );

export const useSendInvitation = () =>
  useTenantWrite("invite", (id: string) => apiPost(`/staff/tenants/${id}/invitation`, tenantInvitationState), false);

export const useBulkInvite = () =>
  useTenantWrite(
    "invite-many",
    (tenantIds: string[]) =>
      apiPost("/staff/tenants/invitations", staffInvitationBulkResult, { tenant_ids: tenantIds }),
    false,
  );

/** A new link as a printable letter (PDF); older links stop working. */
export const useInvitationLetter = () =>
  useTenantWrite("letter", (id: string) => apiPostBlob(`/staff/tenants/${id}/invitation-letter`), false);

/** Letters for the selected tenants without e-mail address as one PDF (a page each); older links stop working. */
export const useInvitationLetters = () =>
  useTenantWrite(
    "letters",
    (tenantIds: string[]) => apiPostBlob("/staff/tenants/invitation-letters", { tenant_ids: tenantIds }),
    false,
  );

export const usePreviewImport = () =>
  useTenantWrite("import-preview", (csv: string) =>
    apiPost("/staff/tenants/import/preview", tenantImportPreview, { csv }),
  );

export const useImportTenants = () =>
  useTenantWrite("import", ({ csv, invite }: { csv: string; invite: boolean }) =>
    apiPost("/staff/tenants/import", tenantImportResult, { csv, invite }),
  );
