import { Alert, Grid, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { errorMessage } from '../../../lib/api-error';
import { usePageViews } from '../api/get-page-views';
import { fillDays } from '../utils/fill-days';
import { TrendCard } from './trend-card';

const DAYS = 30;
const TOP_PAGES = 10;

/** Admins: first-party page-view counts (spec §7 analytics) — views per day and the most viewed pages. */
export function PageViewsSection() {
  const { data, error, isPending } = usePageViews(DAYS);

  if (isPending) return <Skeleton h={300} />;
  if (error) {
    return (
      <Alert color="red" variant="light" title="We could not load the page views">
        {errorMessage(error)}
      </Alert>
    );
  }

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <TrendCard
          title={`Page views (${DAYS} days)`}
          description={`${data.total.toLocaleString('en-US')} views in total`}
          points={fillDays(data.daily, DAYS)}
          kind="bar"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper withBorder p="lg" h="100%">
          <Stack gap="sm">
            <Title order={2} fz="lg">
              Top pages
            </Title>
            {data.pages.length === 0 ? (
              <Text size="sm" c="dimmed">
                No page views recorded yet.
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={280}>
                <Table striped verticalSpacing={6} aria-label={`Top pages, last ${DAYS} days`}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Page</Table.Th>
                      <Table.Th ta="right">Views</Table.Th>
                      <Table.Th ta="right">Users</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.pages.slice(0, TOP_PAGES).map((page) => (
                      <Table.Tr key={page.path}>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>
                          <Text size="sm" ff="monospace">
                            {page.path}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right">{page.views.toLocaleString('en-US')}</Table.Td>
                        <Table.Td ta="right">{page.visitors.toLocaleString('en-US')}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
