import { Button, Group, List, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { Link } from 'react-router';
import { completeness, isComplete, type ProfileRequirement } from '../../../lib/profile';

/** How complete the profile is (spec §5 rules), what is missing, and the way to the account settings. */
export function ProfileCard({
  title,
  requirements,
  settingsPath,
  tourTarget,
}: {
  title: string;
  requirements: ProfileRequirement[];
  settingsPath: string;
  /** `data-tour` value, for tours that point at this card. */
  tourTarget?: string;
}) {
  const percent = completeness(requirements);
  const complete = isComplete(requirements);
  const missing = requirements.filter((requirement) => !requirement.met);

  return (
    <Paper withBorder p="lg" h="100%" data-tour={tourTarget}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            {title}
          </Title>
          <Text fw={700} c={complete ? 'teal' : 'reach.6'}>
            {percent}%
          </Text>
        </Group>
        <Progress
          value={percent}
          color={complete ? 'teal' : 'reach'}
          aria-label={`${title}: ${percent}% complete`}
        />
        {complete ? (
          <Group gap="xs">
            <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" aria-hidden />
            <Text size="sm">Your profile is complete.</Text>
          </Group>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Still missing:
            </Text>
            <List size="sm" spacing={4} icon={<IconCircleDashed size={16} aria-hidden />} center>
              {missing.map((requirement) => (
                <List.Item key={requirement.label}>{requirement.label}</List.Item>
              ))}
            </List>
          </>
        )}
        <Button
          component={Link}
          to={settingsPath}
          variant={complete ? 'default' : 'filled'}
          mt="xs"
          w="fit-content"
        >
          {complete ? 'Edit profile' : 'Complete your profile'}
        </Button>
      </Stack>
    </Paper>
  );
}
