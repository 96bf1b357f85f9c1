import { Paper, Stack, Tabs } from '@mantine/core';
import { IconBuildingBank, IconCoins, IconHistory } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { BalanceCard } from '../components/balance-card';
import { BalanceHistoryPanel, EarningsPanel, PayoutsPanel } from '../components/influencer-panels';

const TABS = ['history', 'earnings', 'payouts'] as const;
type Tab = (typeof TABS)[number];

/** /influencer/payments: the balance and the withdrawals, what each campaign paid, and every movement. */
export default function InfluencerPaymentsRoute() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'history';
  return (
    <>
      <PageHeader
        title="Payments"
        description="Your balance from approved posts, what each campaign paid you, and your withdrawals to the bank."
      />
      <Stack gap="lg">
        <BalanceCard />
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Payments history">
          <Tabs
            value={tab}
            keepMounted={false}
            onChange={(value) =>
              setParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  if (!value || value === 'history') next.delete('tab');
                  else next.set('tab', value);
                  return next;
                },
                { replace: true },
              )
            }
          >
            <Tabs.List mb="md" style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
              <Tabs.Tab value="history" leftSection={<IconHistory size={16} aria-hidden />}>
                Balance history
              </Tabs.Tab>
              <Tabs.Tab value="earnings" leftSection={<IconCoins size={16} aria-hidden />}>
                Earnings by campaign
              </Tabs.Tab>
              <Tabs.Tab value="payouts" leftSection={<IconBuildingBank size={16} aria-hidden />}>
                Withdrawals
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="history">
              <BalanceHistoryPanel />
            </Tabs.Panel>
            <Tabs.Panel value="earnings">
              <EarningsPanel />
            </Tabs.Panel>
            <Tabs.Panel value="payouts">
              <PayoutsPanel />
            </Tabs.Panel>
          </Tabs>
        </Paper>
      </Stack>
    </>
  );
}
