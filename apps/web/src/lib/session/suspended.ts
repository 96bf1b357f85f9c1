import { HTTP_MESSAGE } from '@reach/contract/http-messages';
import { clearTokens } from './token-store';

let ending = false;

/**
 * An admin suspended this account (an API answer with code `account_suspended`, or the live stream's
 * `account-suspended` event): the session ends here and now, and the sign-in page says why. A full page load
 * drops every cached query of the suspended session.
 */
export function endSuspendedSession(message: string = HTTP_MESSAGE.accountSuspended): void {
  if (ending) return;
  ending = true;
  clearTokens();
  window.location.replace(`/auth/login?${new URLSearchParams({ error: message })}`);
}
