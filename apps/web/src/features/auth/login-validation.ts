import { authTexts } from "./texts";

export interface LoginFormValues {
  email: string;
  password: string;
  remember: boolean;
}

export type LoginValidation =
  | { kind: "ok"; values: LoginFormValues }
  | { kind: "empty"; emailMissing: boolean; passwordMissing: boolean }
  | { kind: "invalid-email"; message: string };

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Spec section 5: both fields non-empty, else 'Eingabe erforderlich'. A malformed address is
 * caught here too (the field is type email). Hand-written: the login screen has a size budget.
 */
export function validateLogin(input: LoginFormValues): LoginValidation {
  const email = input.email.trim();
  const emailMissing = email.length === 0;
  const passwordMissing = input.password.length === 0;
  if (emailMissing || passwordMissing) return { kind: "empty", emailMissing, passwordMissing };
  if (!EMAIL_PATTERN.test(email)) return { kind: "invalid-email", message: authTexts.invalidEmail };
  return { kind: "ok", values: { email, password: input.password, remember: input.remember } };
}
