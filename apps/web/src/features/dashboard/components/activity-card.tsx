import { Anchor, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import type { Dashboard } from '@reach/contract/dashboard';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';

const SHOWN = 5;

/** Recent activity, newest first (the latest five); an entry with a link opens the page it is about. */
export function ActivityCard({ activity }: { activity: Dashboard['activity'] }) {
  return (
    <Paper withBorder p="lg" h="100%">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Recent activity
        </Title>
        {activity.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing has happened yet. New activity will show up here.
          </Text>
        ) : (
          <Timeline bulletSize={12} lineWidth={2} active={-1}>
            {activity.slice(0, SHOWN).map((item) => (
              <Timeline.Item
                key={item.id}
                title={
                  item.link ? (
                    <Anchor component={Link} to={item.link} size="sm" fw={500} c="var(--mantine-color-text)">
                      {item.text}
                    </Anchor>
                  ) : (
                    <Text size="sm" fw={500}>
                      {item.text}
                    </Text>
                  )
                }
              >
                <Text size="xs" c="dimmed">
                  {formatDateTime(item.at)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Stack>
    </Paper>
  );
}
