import { Box, Center, Container, Paper, Stack, Text } from '@mantine/core';
import { Outlet } from 'react-router';
import { Logo } from '../../components/logo';

/** The bare auth layout of spec §2: the logo and one card, nothing else. */
export function AuthLayout() {
  return (
    <Box
      mih="100vh"
      py={{ base: 'lg', sm: 48 }}
      style={{
        background:
          'linear-gradient(180deg, var(--mantine-color-reach-0) 0%, var(--mantine-color-gray-0) 55%, var(--mantine-color-white) 100%)',
      }}
    >
      <Container size={460} px="md">
        <Stack gap="lg">
          <Center>
            <Logo size="xl" />
          </Center>
          <Paper component="main" withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
            <Outlet />
          </Paper>
          <Text size="xs" c="dimmed" ta="center">
            © REACH — influencer marketing for businesses and creators
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
