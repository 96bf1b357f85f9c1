import type { UserRow } from '../../db/schema';

/** Who may do what with notifications: pure decisions, enforced by the service. */

/** A user reads only their own notifications (the path names the user). */
export function canReadNotificationsOf(user: Pick<UserRow, 'id'>, userId: number): boolean {
  return user.id === userId;
}

/** Admins get no notification emails, so they have no preferences to set. */
export function canSetEmailPreferences(user: Pick<UserRow, 'type'>): boolean {
  return user.type !== 'admin';
}
