import { tenantDocument } from "@mieter-portal/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "@/components/ui/use-toast";
import * as apiPaths from "@/config/api-paths";
import { ApiRequestError } from "@/lib/api/errors";
import { changeVariables, defineChange, useChange } from "@/lib/changes";
import { multipartPayload, onUploadProgress } from "@/lib/mutations";
import { documentTexts } from "../texts";
import { uploadTitle } from "../upload-validation";
import { documentsQueryKey } from "./get-documents";

/** Spec: multipart POST with the file, title = file name, type 'personal'; the list is refetched. */
export const uploadDocument = defineChange({
  key: ["api", "documents", "upload"],
  method: "POST",
  url: () => apiPaths.documents,
  body: (file: File) => multipartPayload({ file, title: uploadTitle(file.name), type: "personal" }),
  refresh: () => [documentsQueryKey],
  describe: (file) => ({ label: documentTexts.queue.upload, detail: uploadTitle(file.name) }),
  response: tenantDocument,
});

/**
 * What the failure toast says: the server's own German message for a refused upload (type, size,
 * empty file), the spec's general text for everything else (server faults, no connection).
 */
export function uploadErrorDescription(error: Error): string {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.apiMessage) {
    return error.apiMessage;
  }
  return documentTexts.upload.errorDescription;
}

export interface UploadState {
  fileName: string;
  percent: number;
}

export function useUploadDocument() {
  const [current, setCurrent] = useState<UploadState | null>(null);
  const stopListening = useRef<(() => void) | null>(null);
  const mutation = useChange(uploadDocument, {
    meta: {
      successTitle: documentTexts.upload.successTitle,
      successDescription: documentTexts.upload.successDescription,
    },
    onError: (error) => {
      // A rejected session is the auth layer's business (silent logout).
      if (error instanceof ApiRequestError && error.status === 401) return;
      toast({
        variant: "destructive",
        title: documentTexts.upload.errorTitle,
        description: uploadErrorDescription(error),
      });
    },
  });
  const { send } = mutation;

  useEffect(() => () => stopListening.current?.(), []);

  const upload = useCallback(
    (file: File) => {
      const variables = changeVariables(uploadDocument, file);
      stopListening.current?.();
      setCurrent({ fileName: file.name, percent: 0 });
      // Listen before sending: the first progress event may come right away.
      stopListening.current = onUploadProgress(variables.idempotencyKey, ({ percent }) =>
        setCurrent({ fileName: file.name, percent }),
      );
      send(variables, {
        onSettled: () => {
          stopListening.current?.();
          stopListening.current = null;
          setCurrent(null);
        },
      });
    },
    [send],
  );

  return {
    upload,
    /** The running upload, null when none runs. */
    current: mutation.isPending ? current : null,
    /** Offline: TanStack holds the change until the connection is back. */
    isWaitingForNetwork: mutation.isPaused,
  };
}
