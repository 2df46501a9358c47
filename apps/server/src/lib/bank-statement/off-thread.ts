import { tracingChannel } from "node:diagnostics_channel";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import type { ParsedStatement, ReadOptions } from "./common.js";
import { StatementError } from "./common.js";
import { readStatementOn } from "./read.js";

/**
 * Reading a statement in a worker thread (issue 24 item 17): a large or hostile file keeps a
 * core busy, never the event loop, so /health and every other request keep being answered.
 * This file is its own worker: started from source under tsx (dev, tests) or from dist (node).
 */

const MARK = "mieter-portal:bank-statement";
/** The worker's heap; a statement within the limits needs a fraction of it. */
const WORKER_HEAP_MB = 512;

type Options = ReadOptions & { today: string };

interface Job {
  mark: typeof MARK;
  content: string;
  options: Options;
}

type Answer =
  | { ok: true; statement: ParsedStatement }
  | {
      ok: false;
      statementError: boolean;
      message: string;
      problems?: string[];
      details?: ConstructorParameters<typeof StatementError>[2];
    };

function startWorker(job: Job): Worker {
  const self = new URL(import.meta.url);
  const options = { workerData: job, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } };
  if (!self.pathname.endsWith(".ts")) return new Worker(self, options);
  // From source: load this file through tsx's loader, as the main thread does.
  const boot = `import("tsx/esm/api").then(({ tsImport }) => tsImport(${JSON.stringify(self.href)}, ${JSON.stringify(self.href)}));`;
  return new Worker(boot, { ...options, eval: true });
}

/**
 * Each read is traced on this channel (start when it begins, asyncEnd when its answer is back on
 * the event loop), for diagnostics and for the test that /health answers meanwhile.
 */
const reads = tracingChannel<unknown, { bytes: number }>("mieter-portal.statement.read");

export function readInWorker(content: string, options: Options): Promise<ParsedStatement> {
  return reads.tracePromise(() => startReading(content, options), { bytes: content.length });
}

function startReading(content: string, options: Options): Promise<ParsedStatement> {
  return new Promise((resolve, reject) => {
    const worker = startWorker({ mark: MARK, content, options });
    let settled = false;
    worker.once("message", (answer: Answer) => {
      settled = true;
      void worker.terminate();
      if (answer.ok) resolve(answer.statement);
      else if (answer.statementError) reject(new StatementError(answer.message, answer.problems, answer.details));
      else reject(new Error(answer.message));
    });
    worker.once("error", (err: Error & { code?: string }) => {
      if (settled) return;
      settled = true;
      reject(
        err.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? new StatementError(
              "Die Datei ist zu groß, um sie zu lesen. Bitte einen kürzeren Zeitraum exportieren.",
              [],
              { code: "too_large" },
            )
          : err,
      );
    });
    worker.once("exit", (code) => {
      if (!settled) reject(new Error(`Der Leser des Kontoauszugs endete unerwartet (${code}).`));
    });
  });
}

function answer(job: Job): Answer {
  try {
    return { ok: true, statement: readStatementOn(job.content, job.options) };
  } catch (err) {
    if (err instanceof StatementError) {
      return {
        ok: false,
        statementError: true,
        message: err.message,
        problems: err.problems,
        details: {
          ...(err.code ? { code: err.code } : {}),
          ...(err.header ? { header: err.header } : {}),
          ...(err.headerRow !== undefined ? { headerRow: err.headerRow } : {}),
          ...(err.sample ? { sample: err.sample } : {}),
          ...(err.signature ? { signature: err.signature } : {}),
        },
      };
    }
    return { ok: false, statementError: false, message: (err as Error).stack ?? String(err) };
  }
}

if (!isMainThread && (workerData as Job | undefined)?.mark === MARK) {
  parentPort?.postMessage(answer(workerData as Job));
}
