/**
 * The address and password just used to sign up, handed to the confirm step so that confirming signs the person
 * in (the API signs in on confirm only with the password: the code alone proves the mailbox, not who chose the
 * password). Kept in this module's memory only, never in the URL, the history or storage: a reload forgets it and
 * the person signs in on the login page instead.
 */
let pending: { email: string; password: string } | null = null;

/** Remembers the sign-up until the confirm step takes it (or another sign-up replaces it). */
export function rememberSignUp(email: string, password: string): void {
  pending = { email, password };
}

/** The password typed at sign-up for this address, if this page still has it. */
export function signUpPassword(email: string): string | undefined {
  return pending && pending.email === email ? pending.password : undefined;
}

/** Drops the remembered password (after the confirm step has used it). */
export function forgetSignUp(): void {
  pending = null;
}
