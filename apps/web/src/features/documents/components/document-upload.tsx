import { CircleAlert, LoaderCircle, Upload, WifiOff } from "lucide-react";
import { type ChangeEvent, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { useUploadDocument } from "../api/upload-document";
import { documentTexts } from "../texts";
import { DOCUMENT_ACCEPT, validateDocumentFile } from "../upload-validation";

/**
 * The upload of 'Meine Dokumente': a button opening the file picker, the pre-upload check and
 * the running upload's progress. The button sits in the section's header, the rest below it.
 */
export function useDocumentUploader() {
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { upload, current, isWaitingForNetwork } = useUploadDocument();
  const hintId = useId();
  const problemId = useId();

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Reset, so picking the same file again fires another change.
    event.target.value = "";
    if (!file) return;
    const message = validateDocumentFile(file);
    setProblem(message);
    if (!message) upload(file);
  };

  const button = (
    <>
      <input
        ref={inputRef}
        type="file"
        accept={DOCUMENT_ACCEPT}
        aria-label={documentTexts.upload.inputLabel}
        className="hidden"
        tabIndex={-1}
        onChange={onChange}
        data-testid="document-upload-input"
      />
      <Button
        variant="outline"
        size="sm"
        onClick={() => inputRef.current?.click()}
        disabled={current !== null}
        aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
      >
        {current ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Upload aria-hidden="true" />}
        {documentTexts.upload.button}
      </Button>
    </>
  );

  const status = (
    <div className="grid grid-cols-1 gap-2 pb-1">
      <p id={hintId} className="text-xs text-muted-foreground">
        {documentTexts.upload.hint}
      </p>
      {problem ? (
        <p
          id={problemId}
          role="alert"
          className="flex items-start gap-2 rounded-xl bg-danger-soft p-3 text-sm text-danger-soft-foreground"
          data-testid="document-upload-problem"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0 break-words">{problem}</span>
        </p>
      ) : null}
      {current ? <UploadProgress fileName={current.fileName} percent={current.percent} /> : null}
      {current && isWaitingForNetwork ? (
        <p className="flex items-start gap-2 rounded-xl bg-warning-soft p-3 text-sm text-warning-soft-foreground">
          <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{documentTexts.upload.waitingForNetwork}</span>
        </p>
      ) : null}
    </div>
  );

  return { button, status };
}

function UploadProgress({ fileName, percent }: { fileName: string; percent: number }) {
  return (
    <div className="grid grid-cols-1 gap-1.5 rounded-xl bg-muted/60 p-3" data-testid="document-upload-progress">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <p className="min-w-0 truncate">
          <span className="font-medium">{documentTexts.upload.uploading}</span>{" "}
          <span className="text-muted-foreground">{fileName}</span>
        </p>
        <span className="shrink-0 font-semibold tabular-nums" data-testid="document-upload-percent">
          {documentTexts.upload.percent(percent)}
        </span>
      </div>
      <Progress
        value={percent}
        aria-label={documentTexts.upload.progressLabel(fileName)}
        getValueLabel={(value) => documentTexts.upload.percent(value)}
      />
    </div>
  );
}
