/** A form field's error below it, referenced by the field's aria-describedby; nothing without a message. */
export function FieldError({ id, message }: { id: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-destructive-text">
      {message}
    </p>
  );
}
