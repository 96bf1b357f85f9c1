import { Paper, Stack, Tabs } from '@mantine/core';
import { IconFileInvoice, IconReceipt, IconReceiptRefund } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { FundingPanel } from '../components/funding-panel';
import { ChargesPanel, InvoicesPanel, RefundsPanel } from '../components/history-panels';
import { PaymentMethodsCard } from '../components/payment-methods-card';

const TABS = ['charges', 'refunds', 'invoices'] as const;
type Tab = (typeof TABS)[number];

/**
 * /business/payments (no subscription needed, spec §2): saved cards, the funding of cash and combination
 * campaigns, and the history of charges, refunds and plan invoices.
 */
export default function BusinessPaymentsRoute() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'charges';
  return (
    <>
      <PageHeader
        title="Payments"
        description="Your cards, the budgets of your cash campaigns, and every charge, refund and invoice."
      />
      <Stack gap="lg">
        <PaymentMethodsCard />
        <FundingPanel />
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Payment history">
          <Tabs
            value={tab}
            onChange={(value) =>
              setParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  if (!value || value === 'charges') next.delete('tab');
                  else next.set('tab', value);
                  return next;
                },
                { replace: true },
              )
            }
            keepMounted={false}
          >
            <Tabs.List mb="md" style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
              <Tabs.Tab value="charges" leftSection={<IconReceipt size={16} aria-hidden />}>
                Charges
              </Tabs.Tab>
              <Tabs.Tab value="refunds" leftSection={<IconReceiptRefund size={16} aria-hidden />}>
                Refunds
              </Tabs.Tab>
              <Tabs.Tab value="invoices" leftSection={<IconFileInvoice size={16} aria-hidden />}>
                Invoices
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="charges">
              <ChargesPanel />
            </Tabs.Panel>
            <Tabs.Panel value="refunds">
              <RefundsPanel />
            </Tabs.Panel>
            <Tabs.Panel value="invoices">
              <InvoicesPanel />
            </Tabs.Panel>
          </Tabs>
        </Paper>
      </Stack>
    </>
  );
}
