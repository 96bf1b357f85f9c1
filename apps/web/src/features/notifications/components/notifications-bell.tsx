import { ActionIcon, Center, Drawer, Indicator, Loader, Popover } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { NOTIFICATION_BADGE_CAP } from '@reach/contract/constants';
import { IconBell } from '@tabler/icons-react';
import { lazy, type ReactElement, Suspense } from 'react';
import { MOBILE_QUERY } from '../../../lib/media';
import { useNotifications } from '../api/get-notifications';

// The table (and its pagination) loads when the bell is first opened; the badge needs only the count.
const NotificationsPanel = lazy(() => import('./notifications-panel'));

const panelFallback = (
  <Center py="xl">
    <Loader size="sm" aria-label="Loading notifications" />
  </Center>
);

/** Spec §9: the bell badge caps at 9+. */
export function badgeLabel(unread: number): string {
  return unread > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(unread);
}

/**
 * The top bar's bell with the unread badge (kept live by the SSE client, see lib/live.ts); it opens the
 * notifications table in a popover, or a drawer on mobile.
 */
export function NotificationsBell({ userId }: { userId: number }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const unread = useNotifications(userId, 1).data?.unread ?? 0;
  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;

  // The popover's target is the button itself (its roles, aria-expanded and aria-controls, belong on a button,
  // not on the badge's wrapper, WCAG 4.1.2).
  const bell = (wrap: (button: ReactElement) => ReactElement = (button) => button) => (
    <Indicator
      label={
        // The button's label carries the count for screen readers.
        <span aria-hidden data-testid="notification-badge">
          {badgeLabel(unread)}
        </span>
      }
      disabled={unread === 0}
      size={18}
      offset={7}
      color="red"
      fw={700}
      fz={10}
      zIndex={2}
    >
      {wrap(
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={toggle}
          aria-label={label}
          aria-expanded={opened}
          aria-haspopup="dialog"
          data-tour="notifications"
        >
          <IconBell size={22} stroke={1.7} aria-hidden />
        </ActionIcon>,
      )}
    </Indicator>
  );

  if (isMobile) {
    return (
      <>
        {bell()}
        <Drawer
          opened={opened}
          onClose={close}
          position="right"
          size="100%"
          title="Notifications"
          closeButtonProps={{ 'aria-label': 'Close notifications' }}
          styles={{ title: { fontWeight: 700 } }}
        >
          <Suspense fallback={panelFallback}>
            <NotificationsPanel userId={userId} onNavigate={close} withTitle={false} />
          </Suspense>
        </Drawer>
      </>
    );
  }

  return (
    <Popover
      opened={opened}
      onDismiss={close}
      position="bottom-end"
      width={420}
      shadow="lg"
      trapFocus
      returnFocus
      withRoles
    >
      {bell((button) => (
        <Popover.Target>{button}</Popover.Target>
      ))}
      <Popover.Dropdown p="md" aria-label="Notifications">
        <Suspense fallback={panelFallback}>
          <NotificationsPanel userId={userId} onNavigate={close} />
        </Suspense>
      </Popover.Dropdown>
    </Popover>
  );
}
