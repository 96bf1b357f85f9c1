import { Anchor, Button, EmptyState, Group, Stack, Text } from '@mantine/core';
import type { Invoice } from '@reach/contract/billing';
import { formatUsd } from '@reach/contract/money';
import type { Charge, Refund } from '@reach/contract/payments';
import { IconDownload, IconFileInvoice, IconReceipt, IconReceiptRefund } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Column, DataTable, nextSort, type Paging, type Sort } from '../../../components/data-table';
import { CardBrandIcon } from '../../../components/payments/card-brand-icon';
import { errorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { downloadInvoice } from '../api/download-invoice';
import { type ChargesQuery, useCharges } from '../api/list-charges';
import { type InvoicesQuery, useInvoices } from '../api/list-invoices';
import { type RefundsQuery, useRefunds } from '../api/list-refunds';
import { DateRangeFilter, type DayRange, FilterSelect } from './filters';
import { PaymentStatusBadge } from './status-badge';

/** Sort, page and date range of one list, reset to page 1 whenever a filter changes. */
function useListState(initialSort: Sort = { sortBy: 'created_at', sortDesc: 'desc' }) {
  const [sort, setSort] = useState<Sort>(initialSort);
  const [paging, setPaging] = useState<Paging>({ page: 1, items: 10 });
  const [range, setRange] = useState<DayRange>([null, null]);
  const first = () => setPaging((p) => ({ ...p, page: 1 }));
  return {
    sort,
    paging,
    range,
    setPaging,
    onSort: (key: string) => {
      setSort((s) => nextSort(s, key));
      first();
    },
    setRange: (r: DayRange) => {
      setRange(r);
      first();
    },
    first,
    query: {
      sortBy: sort.sortBy,
      sortDesc: sort.sortDesc,
      ...paging,
      ...(range[0] ? { from: range[0] } : {}),
      ...(range[1] ? { to: range[1] } : {}),
    },
  };
}

const cardCell = (card: { brand: string; last4: string } | null) =>
  card ? (
    <Group gap={6} wrap="nowrap" justify="inherit">
      <CardBrandIcon brand={card.brand} size={26} />
      <Text size="sm" span>
        •••• {card.last4}
      </Text>
    </Group>
  ) : (
    '—'
  );

const campaignCell = (campaign: { id: number; title: string | null } | null) =>
  campaign ? (
    <Anchor component={Link} to={`/business/campaigns/${campaign.id}`} size="sm" lineClamp={1}>
      {campaign.title || 'Untitled campaign'}
    </Anchor>
  ) : (
    '—'
  );

const CHARGE_COLUMNS: Column<Charge>[] = [
  { key: 'date', label: 'Date', sortKey: 'created_at', render: (c) => formatDate(c.created_at), width: 120 },
  {
    key: 'description',
    label: 'Description',
    render: (c) => (
      <Stack gap={0}>
        <Text size="sm" fw={500} lineClamp={1}>
          {c.purpose === 'subscription' ? 'Plan' : 'Campaign budget'}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {c.description}
        </Text>
      </Stack>
    ),
  },
  { key: 'campaign', label: 'Campaign', render: (c) => campaignCell(c.campaign) },
  { key: 'card', label: 'Card', render: (c) => cardCell(c.card) },
  {
    key: 'amount',
    label: 'Amount',
    sortKey: 'amount',
    align: 'right',
    render: (c) => (
      <Stack gap={0} align="flex-end">
        <span>{formatUsd(c.amount_cents)}</span>
        {c.refunded_cents > 0 && (
          <Text size="xs" c="grape.7">
            {formatUsd(c.refunded_cents)} refunded
          </Text>
        )}
      </Stack>
    ),
  },
  {
    key: 'status',
    label: 'Status',
    render: (c) => <PaymentStatusBadge status={c.status} reason={c.failure_message} />,
  },
];

/** Every charge to the business's cards: campaign budgets and plans, failed attempts included. */
export function ChargesPanel() {
  const list = useListState();
  const [status, setStatus] = useState<Charge['status'] | null>(null);
  const [purpose, setPurpose] = useState<Charge['purpose'] | null>(null);
  const query = {
    ...list.query,
    ...(status ? { status } : {}),
    ...(purpose ? { purpose } : {}),
  } as ChargesQuery;
  const { data, error, isPending, isPlaceholderData } = useCharges(query);
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <FilterSelect
          label="Type"
          value={purpose}
          options={[
            { value: 'campaign_funding', label: 'Campaign budgets' },
            { value: 'subscription', label: 'Plans' },
          ]}
          onChange={(v) => {
            setPurpose(v);
            list.first();
          }}
        />
        <FilterSelect
          label="Status"
          value={status}
          options={[
            { value: 'succeeded', label: 'Paid' },
            { value: 'failed', label: 'Failed' },
            { value: 'pending', label: 'Processing' },
          ]}
          onChange={(v) => {
            setStatus(v);
            list.first();
          }}
        />
        <DateRangeFilter value={list.range} onChange={list.setRange} />
      </Group>
      <DataTable
        label="charges"
        columns={CHARGE_COLUMNS}
        titleColumn="description"
        rows={data?.data}
        rowKey={(c) => c.id}
        total={data?.total ?? 0}
        loading={isPending}
        error={error}
        dimmed={isPlaceholderData}
        sort={list.sort}
        onSort={list.onSort}
        paging={list.paging}
        onPaging={list.setPaging}
        empty={
          <EmptyState
            icon={<IconReceipt size={28} aria-hidden />}
            title="No charges"
            description="Payments for campaign budgets and plans appear here."
            py="lg"
          />
        }
      />
    </Stack>
  );
}

const REFUND_COLUMNS: Column<Refund>[] = [
  { key: 'date', label: 'Date', sortKey: 'created_at', render: (r) => formatDate(r.created_at), width: 120 },
  { key: 'campaign', label: 'Campaign', render: (r) => campaignCell(r.campaign) },
  { key: 'reason', label: 'Reason', render: (r) => r.reason },
  { key: 'card', label: 'Card', render: (r) => cardCell(r.card) },
  {
    key: 'amount',
    label: 'Amount',
    sortKey: 'amount',
    align: 'right',
    render: (r) => formatUsd(r.amount_cents),
  },
  { key: 'status', label: 'Status', render: (r) => <PaymentStatusBadge status={r.status} /> },
];

/** Unspent budgets of ended campaigns, returned to the cards that paid them. */
export function RefundsPanel() {
  const list = useListState();
  const [status, setStatus] = useState<Refund['status'] | null>(null);
  const query = { ...list.query, ...(status ? { status } : {}) } as RefundsQuery;
  const { data, error, isPending, isPlaceholderData } = useRefunds(query);
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <FilterSelect
          label="Status"
          value={status}
          options={[
            { value: 'succeeded', label: 'Paid' },
            { value: 'pending', label: 'Processing' },
            { value: 'failed', label: 'Failed' },
          ]}
          onChange={(v) => {
            setStatus(v);
            list.first();
          }}
        />
        <DateRangeFilter value={list.range} onChange={list.setRange} />
      </Group>
      <DataTable
        label="refunds"
        columns={REFUND_COLUMNS}
        rows={data?.data}
        rowKey={(r) => r.id}
        total={data?.total ?? 0}
        loading={isPending}
        error={error}
        dimmed={isPlaceholderData}
        sort={list.sort}
        onSort={list.onSort}
        paging={list.paging}
        onPaging={list.setPaging}
        empty={
          <EmptyState
            icon={<IconReceiptRefund size={28} aria-hidden />}
            title="No refunds"
            description="When a campaign ends, what its budget did not pay out is refunded to your card and listed here."
            py="lg"
          />
        }
      />
    </Stack>
  );
}

function DownloadButton({ invoice }: { invoice: Invoice }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconDownload size={14} aria-hidden />}
      loading={busy}
      aria-label={`Download invoice ${invoice.number} (PDF)`}
      onClick={async () => {
        setBusy(true);
        try {
          await downloadInvoice(invoice.id, `${invoice.number}.pdf`);
        } catch (error) {
          toast.error(errorMessage(error), { title: 'Download failed' });
        } finally {
          setBusy(false);
        }
      }}
    >
      PDF
    </Button>
  );
}

const INVOICE_COLUMNS: Column<Invoice>[] = [
  {
    key: 'number',
    label: 'Invoice',
    render: (i) => (
      <Text size="sm" fw={600}>
        {i.number}
      </Text>
    ),
  },
  { key: 'date', label: 'Date', sortKey: 'created_at', render: (i) => formatDate(i.created_at) },
  { key: 'plan', label: 'Plan', render: (i) => i.description },
  {
    key: 'period',
    label: 'Period',
    render: (i) => `${formatDate(i.period_start)} – ${formatDate(i.period_end)}`,
  },
  {
    key: 'total',
    label: 'Total',
    sortKey: 'total',
    align: 'right',
    render: (i) => (
      <Stack gap={0} align="flex-end">
        <span>{formatUsd(i.total_cents)}</span>
        {i.discount_cents + i.credit_cents > 0 && (
          <Text size="xs" c="dimmed">
            {formatUsd(i.subtotal_cents)} − {formatUsd(i.discount_cents + i.credit_cents)}
            {i.coupon_code ? ` (${i.coupon_code})` : ''}
          </Text>
        )}
      </Stack>
    ),
  },
  { key: 'status', label: 'Status', render: (i) => <PaymentStatusBadge status={i.status} /> },
  { key: 'pdf', label: 'Download', align: 'right', render: (i) => <DownloadButton invoice={i} /> },
];

/** The plan's invoices, each downloadable as a PDF. */
export function InvoicesPanel() {
  const list = useListState();
  const [status, setStatus] = useState<Invoice['status'] | null>(null);
  const query = {
    sortBy: list.sort.sortBy,
    sortDesc: list.sort.sortDesc,
    ...list.paging,
    ...(status ? { status } : {}),
  } as InvoicesQuery;
  const { data, error, isPending, isPlaceholderData } = useInvoices(query);
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <FilterSelect
          label="Status"
          value={status}
          options={[
            { value: 'paid', label: 'Paid' },
            { value: 'open', label: 'Open' },
            { value: 'void', label: 'Void' },
          ]}
          onChange={(v) => {
            setStatus(v);
            list.first();
          }}
        />
      </Group>
      <DataTable
        label="invoices"
        columns={INVOICE_COLUMNS}
        rows={data?.data}
        rowKey={(i) => i.id}
        total={data?.total ?? 0}
        loading={isPending}
        error={error}
        dimmed={isPlaceholderData}
        sort={list.sort}
        onSort={list.onSort}
        paging={list.paging}
        onPaging={list.setPaging}
        empty={
          <EmptyState
            icon={<IconFileInvoice size={28} aria-hidden />}
            title="No invoices yet"
            description={
              <>
                Invoices for your plan appear here.{' '}
                <Anchor component={Link} to="/business/settings/subscriptions">
                  See plans
                </Anchor>
              </>
            }
            py="lg"
          />
        }
      />
    </Stack>
  );
}
