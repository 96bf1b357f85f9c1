import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@reach/contract/constants';

/**
 * The app's toasts (shown top-center, see app/provider.tsx): a success for the spec's 2 s; a failure longer so it
 * can be read, titled unless `title` is null.
 */
export const toast = {
  success(message: string) {
    notifications.show({ color: 'teal', message, autoClose: TOAST_DURATION_MS });
  },
  error(
    message: string,
    { title = 'That did not work', autoClose = 6000 }: { title?: string | null; autoClose?: number } = {},
  ) {
    notifications.show({ color: 'red', title: title ?? undefined, message, autoClose });
  },
};
