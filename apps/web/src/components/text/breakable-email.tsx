import { Fragment } from "react";

/**
 * An e-mail address that wraps only where a reader expects it: after the "@" and before a dot,
 * never in the middle of a word (issue 12: 320 px screens). Pair it with `wrap-break-word` so an
 * address longer than a whole line still breaks rather than overflowing.
 */
export function BreakableEmail({ value }: { value: string }) {
  const parts = value.split(/(?<=@)|(?=\.)/);
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string never move
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
