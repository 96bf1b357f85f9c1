import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@reach/contract/constants';

/** Settings toasts: successes for the spec's 2 s, failures a little longer so they can be read. */
export const toast = {
  success(message: string) {
    notifications.show({ color: 'teal', message, autoClose: TOAST_DURATION_MS });
  },
  error(message: string) {
    notifications.show({ color: 'red', title: 'Not saved', message, autoClose: 5000 });
  },
};
