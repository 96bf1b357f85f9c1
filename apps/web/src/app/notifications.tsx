import '@mantine/notifications/styles.css';

/** Loaded after the first render (see provider.tsx): the toasts' container, its transitions and styles. */
export { Notifications } from '@mantine/notifications';
