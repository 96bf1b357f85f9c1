import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useCurrentUser } from '../../../lib/session/session';
import { canOpenSettingsPage, type SettingsPage, settingsPath } from '../utils/settings-access';

/** A settings page this user's menu hides (spec §6: external accounts) sends them to their account details. */
export function SettingsPageGate({ page, children }: { page: SettingsPage; children: ReactNode }) {
  const user = useCurrentUser();
  if (user.type === 'admin') return <Navigate to="/" replace />;
  if (!canOpenSettingsPage(user.type, user.username, page)) {
    return <Navigate to={settingsPath(user.type)} replace />;
  }
  return children;
}
