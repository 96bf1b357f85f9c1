import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import type { SignUpType } from '@reach/contract/constants';
import { IconBuildingStore, IconUserStar } from '@tabler/icons-react';
import classes from './user-type-picker.module.css';

const CHOICES: { type: SignUpType; title: string; description: string; icon: typeof IconUserStar }[] = [
  {
    type: 'business',
    title: "I'm a business",
    description: 'Discover influencers, run campaigns and pay for the posts you approve.',
    icon: IconBuildingStore,
  },
  {
    type: 'influencer',
    title: "I'm an influencer",
    description: 'Find campaigns from brands, connect with businesses and get paid for your posts.',
    icon: IconUserStar,
  },
];

/** The first sign-up step: business or influencer, as two cards. */
export function UserTypePicker({ onChoose }: { onChoose: (type: SignUpType) => void }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      {CHOICES.map(({ type, title, description, icon: Icon }) => (
        <UnstyledButton key={type} onClick={() => onChoose(type)} className={classes.choice}>
          <Paper withBorder p="md" h="100%" className={classes.card}>
            <Stack gap="xs">
              <Group gap="xs">
                <ThemeIcon variant="light" size="lg" aria-hidden>
                  <Icon size={20} />
                </ThemeIcon>
                <Text fw={700}>{title}</Text>
              </Group>
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            </Stack>
          </Paper>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
