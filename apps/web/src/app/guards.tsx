import type { UserType } from '@reach/contract/constants';
import { useDeferredValue } from 'react';
import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { useSession } from '../lib/session/session';
import { hasSubscriptionAccess, isSubscriptionExempt, SUBSCRIPTIONS_PATH } from '../lib/subscription';

/**
 * The guards of spec §5. While the session loads (or a logout is under way) they show a spinner and decide
 * nothing, so no page flashes and no redirect races the logout's own navigation to `/`.
 */

/** /auth/*: signed-in users go to `/`. */
export function GuestGuard() {
  const session = useSession();
  if (session.status === 'loading' || session.status === 'signing-out') return <PageLoader />;
  if (session.isAuthenticated) return <Navigate to="/" replace />;
  return <Outlet />;
}

/** `/`: guests see the landing page; a signed-in user goes to their dashboard, a failed user load to sign-up. */
export function LandingGuard() {
  const session = useSession();
  if (session.status === 'authenticated') return <Navigate to={`/${session.user.type}`} replace />;
  if (session.status === 'failed') return <Navigate to="/auth/register" replace />;
  if (session.status !== 'anonymous') return <PageLoader />;
  return <Outlet />;
}

/**
 * /admin, /business, /influencer: guests go to /auth/login, a failed user load to /auth/register, other types to
 * `/`. The business guard also sends a business with neither subscription nor trial to the subscriptions page,
 * except on the exempt paths.
 */
export function RoleGuard({ type }: { type: UserType }) {
  const session = useSession();
  const { pathname } = useLocation();
  const navigating = useNavigation().state !== 'idle';
  if (!session.isAuthenticated) {
    // While a navigation is under way it decides where the user ends up: logout leaves for `/` first and ends
    // the session after, and the page being left must not send the visitor to /auth/login meanwhile.
    if (navigating || session.status === 'loading' || session.status === 'signing-out') return <PageLoader />;
    return <Navigate to={session.status === 'failed' ? '/auth/register' : '/auth/login'} replace />;
  }
  if (session.user.type !== type) return <Navigate to="/" replace />;
  if (!hasSubscriptionAccess(session.user) && !isSubscriptionExempt(pathname)) {
    // The state tells the layout's prompts that a gated page was tried: the subscription prompt shows there.
    return <Navigate to={SUBSCRIPTIONS_PATH} replace state={{ subscriptionRequired: pathname }} />;
  }
  return <DeferredOutlet />;
}

/**
 * The signed-in shell and its page, mounted in a background render once the guard lets the visitor in. The
 * user loads through a query, whose result React renders synchronously: the whole shell and page (sidebar,
 * menus, prompts, the dashboard's cards) then mounted in one task, 0.6–1.6 s of main thread on a throttled
 * phone. A deferred value renders them as a transition instead, in slices of a few milliseconds between which
 * the browser paints and handles input; the spinner stays until they are ready. Later navigations under the
 * guard keep this component mounted and render as before.
 */
function DeferredOutlet() {
  const ready = useDeferredValue(true, false);
  return ready ? <Outlet /> : <PageLoader />;
}
