import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@reach/contract/constants';

/** Discovery toasts: successes for the spec's 2 s, failures longer so they can be read. */
export const toast = {
  success(message: string) {
    notifications.show({ color: 'teal', message, autoClose: TOAST_DURATION_MS });
  },
  error(message: string, title = 'That did not work') {
    notifications.show({ color: 'red', title, message, autoClose: 6000 });
  },
};
