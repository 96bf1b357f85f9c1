import {
  Badge,
  Box,
  Button,
  Container,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { PLATFORM_LABELS, PLATFORMS, TRIAL_DAYS } from '@reach/contract/constants';
import { IconCash, IconCheck, IconSearch, IconSpeakerphone, IconUserStar } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo';

const PLATFORM_LIST = PLATFORMS.map((platform) => PLATFORM_LABELS[platform]).join(', ');

const FEATURES = [
  {
    icon: IconSearch,
    title: 'Discover influencers',
    text: `Search a database of over 250M influencers on ${PLATFORM_LIST} by location, audience, interests and engagement. Save the ones you like to lists and invite them.`,
  },
  {
    icon: IconSpeakerphone,
    title: 'Run campaigns',
    text: 'Offer a product for a post, cash for a post, or both. Set the brief, talking points, dates and budget with a guided builder.',
  },
  {
    icon: IconCash,
    title: 'Pay for approved posts',
    text: 'Review every post before it counts. Approving a post pays the influencer from the campaign budget, never beyond it.',
  },
];

const FOR_INFLUENCERS = [
  'Browse campaigns from businesses and accept or apply',
  'Connect with businesses and message them per campaign',
  'Get paid for the posts they approve',
];

/** `/` for guests: what REACH does, and the ways in. */
export default function LandingRoute() {
  return (
    <Box bg="var(--mantine-color-white)" mih="100vh">
      <Box component="header" py="md" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size="lg">
          <Group justify="space-between">
            <Logo />
            <Group gap="sm">
              <Button component={Link} to="/auth/login" variant="default">
                Sign in
              </Button>
              <Button component={Link} to="/auth/register">
                Sign up
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>

      <Box component="main">
        <Box
          py={{ base: 48, sm: 96 }}
          style={{
            background:
              'linear-gradient(180deg, var(--mantine-color-reach-0) 0%, var(--mantine-color-white) 100%)',
          }}
        >
          <Container size="md">
            <Stack align="center" ta="center" gap="lg">
              <Badge variant="light" size="lg">
                {TRIAL_DAYS}-day free trial of the Pro plan
              </Badge>
              <Title order={1} fz={{ base: 34, sm: 52 }} lh={1.1}>
                Influencer marketing that{' '}
                <Text span inherit c="reach.6">
                  reaches
                </Text>{' '}
                further
              </Title>
              <Text size="lg" c="dimmed" maw={640}>
                REACH connects businesses with the influencers their customers follow: find the right
                creators, run campaigns with them, and pay for the posts you approve — all in one place.
              </Text>
              <Group justify="center" gap="md">
                <Button component={Link} to="/auth/register?type=business" size="lg">
                  Start free as a business
                </Button>
                <Button component={Link} to="/auth/register?type=influencer" size="lg" variant="default">
                  Join as an influencer
                </Button>
              </Group>
            </Stack>
          </Container>
        </Box>

        <Container size="lg" py={{ base: 48, sm: 72 }}>
          <Title order={2} ta="center" mb="xl">
            Everything a campaign needs
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <Paper key={title} withBorder p="xl">
                <ThemeIcon size={44} radius="md" variant="light" mb="md" aria-hidden>
                  <Icon size={24} />
                </ThemeIcon>
                <Title order={3} fz="lg" mb="xs">
                  {title}
                </Title>
                <Text c="dimmed">{text}</Text>
              </Paper>
            ))}
          </SimpleGrid>
        </Container>

        <Box bg="var(--mantine-color-gray-0)" py={{ base: 48, sm: 72 }}>
          <Container size="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl" style={{ alignItems: 'center' }}>
              <Stack gap="sm">
                <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                  <IconUserStar size={24} />
                </ThemeIcon>
                <Title order={2}>For influencers</Title>
                <Text c="dimmed">Work with brands that fit you, on your terms.</Text>
              </Stack>
              <Stack gap="md">
                <List
                  spacing="sm"
                  icon={
                    <ThemeIcon size={22} radius="xl" color="teal" aria-hidden>
                      <IconCheck size={14} />
                    </ThemeIcon>
                  }
                >
                  {FOR_INFLUENCERS.map((item) => (
                    <List.Item key={item}>{item}</List.Item>
                  ))}
                </List>
                <Button component={Link} to="/auth/register?type=influencer" variant="light" w="fit-content">
                  Create your influencer account
                </Button>
              </Stack>
            </SimpleGrid>
          </Container>
        </Box>
      </Box>

      <Box component="footer" py="lg">
        <Container size="lg">
          <Text size="sm" c="dimmed" ta="center">
            © REACH. Influencer discovery, campaigns and payments for businesses and creators.
          </Text>
        </Container>
      </Box>
    </Box>
  );
}
