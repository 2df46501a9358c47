import { newIdempotencyKey } from "@mieter-portal/offline/idempotency";
import { isOfflineResult, type OfflineResult } from "@mieter-portal/offline/types";
import { type QueryKey, type UseMutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { type ApiMutationVariables, sendApiMutation } from "./mutations";

/** What a change is, in the tenant's words (German, from the feature's texts.ts), for the offline queue. */
export interface ChangeDescription {
  label: string;
  /** A short summary of the content ('Wasserhahn tropft'); shortened to 80 characters. */
  detail?: string | null;
  /** false: lists do not show it as 'wartet auf Synchronisierung' (e.g. marking a message read). */
  listed?: boolean;
}

/** Anything that parses an answer: the zod schemas of packages/contracts. */
interface ResponseSchema<R> {
  parse(data: unknown): R;
}

/**
 * One change of server data, declared once in its feature's `api/` folder (decision 021): plain
 * data plus pure functions, so `lib` only runs it and the queue can store what it builds.
 */
export interface ChangeDeclaration<I, R, Live extends boolean = false> {
  /** Mutation key, under the generic "api" prefix. */
  key: readonly ["api", ...string[]];
  method: ApiMutationVariables["method"];
  /** From the one table of API paths (config/api-paths). */
  url: (input: I) => string;
  /** The request body; none when absent. A multipart body is a `multipartPayload`. */
  body?: (input: I) => unknown;
  /** Queries to refresh once the change went through (also after a queued one is sent). */
  refresh?: (input: I) => QueryKey[];
  /** The German label and detail the queue stores with the change. */
  describe?: (input: I) => ChangeDescription;
  /** The answer's schema: the result is typed and checked. */
  response: ResponseSchema<R>;
  /** true: the change needs a live answer (sign-in, password) and is never queued. */
  live?: Live;
}

/** What a change answers: the parsed response, or the fake success of a queued change. */
export type ChangeResult<R, Live extends boolean = false> = Live extends true ? R : R | OfflineResult;

export function defineChange<I, R, Live extends boolean = false>(
  declaration: ChangeDeclaration<I, R, Live>,
): ChangeDeclaration<I, R, Live> {
  return declaration;
}

const DETAIL_MAX = 80;

function shorten(text: string | null | undefined): string | null {
  const clean = text?.replace(/\s+/g, " ").trim();
  if (!clean) return null;
  return clean.length > DETAIL_MAX ? `${clean.slice(0, DETAIL_MAX - 1)}…` : clean;
}

/**
 * The variables of one change as the generic mutation path sends (or queues) them: made when the
 * tenant makes the change, with a new Idempotency-Key and the label the queue stores.
 */
export function changeVariables<I, R, Live extends boolean>(
  declaration: ChangeDeclaration<I, R, Live>,
  input: I,
): ApiMutationVariables {
  const description = declaration.describe?.(input);
  return {
    method: declaration.method,
    url: declaration.url(input),
    data: declaration.body?.(input),
    invalidates: declaration.refresh?.(input) ?? [],
    idempotencyKey: newIdempotencyKey(),
    ...(description && {
      label: description.label,
      detail: shorten(description.detail),
      listed: description.listed ?? true,
    }),
    ...(declaration.live && { live: true }),
  };
}

/** Sends (or queues) the change and checks the answer against the declaration's schema. */
export async function runChange<I, R, Live extends boolean>(
  declaration: ChangeDeclaration<I, R, Live>,
  variables: ApiMutationVariables,
): Promise<ChangeResult<R, Live>> {
  const data = await sendApiMutation(variables);
  if (isOfflineResult(data)) return data as ChangeResult<R, Live>;
  return declaration.response.parse(data) as ChangeResult<R, Live>;
}

type ChangeOptions<R, Live extends boolean> = Omit<
  UseMutationOptions<ChangeResult<R, Live>, Error, ApiMutationVariables>,
  "mutationKey" | "mutationFn"
>;

/**
 * The mutation of a declared change. `mutate(input)` builds the variables and sends them through
 * the generic path (offline queue, Idempotency-Key, upload progress); `send(variables)` takes
 * variables made beforehand with `changeVariables` (e.g. to listen to an upload's progress first).
 * Runs offline too: the path itself queues the change (TanStack would only pause it in memory).
 * Once it went through, the declaration's queries are refreshed; a queued change refreshes them
 * when the sync has sent it.
 */
export function useChange<I, R, Live extends boolean = false>(
  declaration: ChangeDeclaration<I, R, Live>,
  { onSuccess, ...options }: ChangeOptions<R, Live> = {},
) {
  const queryClient = useQueryClient();
  const mutation = useMutation<ChangeResult<R, Live>, Error, ApiMutationVariables>({
    mutationKey: declaration.key,
    mutationFn: (variables) => runChange(declaration, variables),
    networkMode: "always",
    ...options,
    onSuccess: async (data, variables, ...rest) => {
      if (!isOfflineResult(data)) {
        await Promise.all((variables.invalidates ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      }
      await onSuccess?.(data, variables, ...rest);
    },
  });
  const { mutate: send, mutateAsync: sendAsync } = mutation;
  const mutate = useCallback(
    (input: I, callbacks?: Parameters<typeof send>[1]) => send(changeVariables(declaration, input), callbacks),
    [send, declaration],
  );
  const mutateAsync = useCallback(
    (input: I, callbacks?: Parameters<typeof sendAsync>[1]) =>
      sendAsync(changeVariables(declaration, input), callbacks),
    [sendAsync, declaration],
  );
  return { ...mutation, mutate, mutateAsync, send };
}
