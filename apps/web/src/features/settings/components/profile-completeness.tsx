import { Anchor, Badge, Group, List, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { completeness, isComplete, type ProfileRequirement } from '../../../lib/profile';

/**
 * How complete the saved profile is by the rules of spec §5 and what is still missing. Each missing item is a
 * link that moves the focus to its input (`fieldIds` maps a requirement label to the input's id).
 */
export function ProfileCompleteness({
  requirements,
  fieldIds,
  labels = {},
}: {
  requirements: ProfileRequirement[];
  fieldIds: Record<string, string>;
  labels?: Record<string, string>;
}) {
  const percent = completeness(requirements);
  const complete = isComplete(requirements);
  const missing = requirements.filter((requirement) => !requirement.met);
  const focus = (label: string) => {
    const id = fieldIds[label];
    const input = id ? document.getElementById(id) : null;
    input?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    input?.focus({ preventScroll: true });
  };

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      bg={complete ? 'var(--mantine-color-teal-0)' : 'var(--mantine-color-reach-0)'}
      role="status"
      aria-labelledby="profile-completeness-title"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Title order={2} fz="lg" id="profile-completeness-title">
            Profile completeness
          </Title>
          <Badge color={complete ? 'teal' : 'reach'} variant="light" size="lg" style={{ flexShrink: 0 }}>
            {complete ? 'Complete' : `${percent}%`}
          </Badge>
        </Group>
        <Progress
          value={percent}
          color={complete ? 'teal' : 'reach'}
          aria-label={`Profile ${percent}% complete`}
          bg="white"
        />
        {complete ? (
          <Group gap="xs" wrap="nowrap">
            <IconCircleCheck
              size={18}
              color="var(--mantine-color-teal-7)"
              aria-hidden
              style={{ flexShrink: 0 }}
            />
            <Text size="sm">Your profile is complete.</Text>
          </Group>
        ) : (
          <Stack gap={6}>
            <Text size="sm">
              Complete these to use all of REACH ({missing.length} of {requirements.length} missing):
            </Text>
            <List size="sm" spacing={4} icon={<IconCircleDashed size={16} aria-hidden />} center>
              {missing.map((requirement) => {
                const label = labels[requirement.label] ?? requirement.label;
                return (
                  <List.Item key={requirement.label}>
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      onClick={() => focus(requirement.label)}
                    >
                      {label}
                    </Anchor>
                  </List.Item>
                );
              })}
            </List>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
