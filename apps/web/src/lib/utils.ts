import { type ClassValue, clsx } from "clsx";

type ClassMerge = (classes: string) => string;
let merge: ClassMerge | null = null;

/**
 * tailwind-merge (lib/class-merge.ts) comes with the first screen whose class names need it: the
 * app shell, the toasts, the other signed-out pages (issue 13). The login's class names never
 * override one another, so it renders the same without it and its start-up JavaScript is 7 KB
 * lighter (app/class-names.test.tsx checks that).
 */
export function setClassMerge(next: ClassMerge | null): void {
  merge = next;
}

/** Joins class names; later Tailwind classes win over earlier ones of the same property. */
export function cn(...inputs: ClassValue[]) {
  const classes = clsx(inputs);
  return merge ? merge(classes) : classes;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
