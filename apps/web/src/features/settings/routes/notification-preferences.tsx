import { Alert, Button, Divider, Group, Skeleton, Stack, Switch, Text } from '@mantine/core';
import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CATEGORY_LABELS,
  type NotificationCategory,
  type NotificationPreferences,
} from '@reach/contract/notifications';
import { IconAlertCircle, IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import {
  notificationPreferencesQueryOptions,
  useSaveNotificationPreferences,
} from '../api/notification-preferences';
import { SettingsCard } from '../components/settings-card';
import { SettingsPageGate } from '../components/settings-page-gate';

/** /{type}/settings/notification-preferences — email per category, saved on each change. */
export default function NotificationPreferencesRoute() {
  return (
    <SettingsPageGate page="notification-preferences">
      <PageHeader
        title="Notification Preferences"
        description="Choose which notifications REACH also sends to your email."
      />
      <PreferencesCard />
    </SettingsPageGate>
  );
}

function PreferencesCard() {
  const preferences = useQuery(notificationPreferencesQueryOptions());
  const save = useSaveNotificationPreferences({
    onError: (error) =>
      toast.error(`${errorMessage(error)} Your previous choice was restored.`, {
        title: 'Not saved',
        autoClose: 5000,
      }),
  });

  const toggle = (category: NotificationCategory, checked: boolean) => {
    if (!preferences.data) return;
    const next: NotificationPreferences = { ...preferences.data, [category]: checked };
    save.mutate(next, {
      onSuccess: () =>
        toast.success(
          `${NOTIFICATION_CATEGORY_LABELS[category].label} emails turned ${checked ? 'on' : 'off'}.`,
        ),
    });
  };

  return (
    <SettingsCard
      title="Email notifications"
      headingId="email-notifications-title"
      description={
        <Group component="span" gap={6} wrap="nowrap" align="flex-start">
          <IconBell size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <span>In-app notifications are always on. Changes are saved as you make them.</span>
        </Group>
      }
    >
      {preferences.isError && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertCircle size={18} aria-hidden />}
          title="Your preferences could not be loaded"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(preferences.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => preferences.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      )}
      {!preferences.isError && (
        <Stack gap="md" role="group" aria-labelledby="email-notifications-title">
          {NOTIFICATION_CATEGORIES.map((category, index) => {
            const { label, description } = NOTIFICATION_CATEGORY_LABELS[category];
            return (
              <Fragment key={category}>
                {index > 0 && <Divider />}
                {preferences.data ? (
                  <Switch
                    checked={preferences.data[category]}
                    onChange={(event) => toggle(category, event.currentTarget.checked)}
                    label={label}
                    description={description}
                    labelPosition="left"
                    size="md"
                    styles={{
                      body: { justifyContent: 'space-between', gap: 'var(--mantine-spacing-md)' },
                      labelWrapper: { flex: 1, minWidth: 0 },
                    }}
                  />
                ) : (
                  <Skeleton height={44} aria-hidden />
                )}
              </Fragment>
            );
          })}
        </Stack>
      )}
    </SettingsCard>
  );
}
