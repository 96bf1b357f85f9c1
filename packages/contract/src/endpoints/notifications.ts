import { endpoint } from '../endpoint';
import {
  markReadBody,
  markReadResult,
  notificationPreferences,
  notificationsPage,
  notificationsQuery,
  notificationsUserParams,
} from '../notifications';

/** The signed-in user's notifications and which of them also come by email. */
export const notificationsApi = {
  list: endpoint({
    method: 'GET',
    path: '/my/notifications/:userId',
    tags: ['notifications'],
    summary: 'Your notifications, newest first (another user id → 403)',
    params: notificationsUserParams,
    query: notificationsQuery,
    response: notificationsPage,
    errors: [401, 403],
  }),
  markRead: endpoint({
    method: 'POST',
    path: '/notifications/read',
    tags: ['notifications'],
    summary: 'Mark one notification (id) or all (all=true) as read',
    body: markReadBody,
    response: markReadResult,
    errors: [400, 401, 404],
  }),
  preferences: endpoint({
    method: 'GET',
    path: '/my/notification-preferences',
    tags: ['notifications'],
    summary: 'Which notifications you also get by email',
    response: notificationPreferences,
    errors: [401],
  }),
  setPreferences: endpoint({
    method: 'PUT',
    path: '/my/notification-preferences',
    tags: ['notifications'],
    summary: 'Choose which notifications you also get by email',
    body: notificationPreferences,
    response: notificationPreferences,
    errors: [400, 401, 403],
  }),
};
