import { ActionIcon, Anchor, Badge, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { apiLink, useBillingHistory } from '@merchant-hub/api-client';
import { clampHistoryRange, historyMinStartDate, historyRangeToUnix, invoiceStatusColor } from '@merchant-hub/billing-rules';
import type { IsoDateTime } from '@merchant-hub/domain';
import { formatMoney } from '@merchant-hub/money';
import { EmptyState, ErrorState, formatDate, Icon } from '@merchant-hub/ui-kit';
import dayjs from 'dayjs';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EcpayPayButton } from './ecpay-pay';

export type BillingHistoryModalProps = {
  opened: boolean;
  userId?: number;
  /** The billing account's creation: the range may not begin before it (spec §5). */
  accountCreatedAt: IsoDateTime | null;
  /** Spec §6: staff see a PDF link per invoice. */
  showPdf: boolean;
  /** "Today" on the merchant's clock (the sandbox clock may run ahead). */
  today?: string;
  /** A Taiwanese account: its open invoices are paid through ECPay from here, which sends the merchant back to this page. */
  ecpayReturnPath?: string;
  onClose: () => void;
};

const defaultRange = (accountCreatedAt: IsoDateTime | null, today: string) =>
  clampHistoryRange({ startDate: dayjs(today).subtract(6, 'month').format('YYYY-MM-DD'), endDate: today }, accountCreatedAt);

export const BillingHistoryModal = ({ opened, userId, accountCreatedAt, showPdf, today, ecpayReturnPath, onClose }: BillingHistoryModalProps) => {
  const { t } = useTranslation(['billing', 'errors']);
  const todayDate = (today ?? dayjs().format('YYYY-MM-DD')).slice(0, 10);
  const minDate = historyMinStartDate(accountCreatedAt);
  const [draft, setDraft] = useState(() => defaultRange(accountCreatedAt, todayDate));
  const [range, setRange] = useState(draft);
  const history = useBillingHistory(
    { userId, range: historyRangeToUnix(range.startDate, range.endDate) },
    { enabled: opened, meta: { handlesError: true } },
  );
  const invoices = history.data?.pages.flatMap((page) => page.data) ?? [];
  const search = () => {
    if (!draft.startDate || !draft.endDate) return;
    const clamped = clampHistoryRange(draft, accountCreatedAt);
    setDraft(clamped);
    setRange(clamped);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('history.title')} centered size="xl">
      <Stack>
        <Group align="flex-end" wrap="wrap">
          <DatePickerInput
            label={t('history.from')}
            valueFormat="DD/MM/YYYY"
            value={draft.startDate}
            minDate={minDate ?? undefined}
            maxDate={draft.endDate}
            onChange={(value) => value && setDraft((d) => ({ ...d, startDate: String(value).slice(0, 10) }))}
            data-testid="history-from"
            miw={140}
          />
          <DatePickerInput
            label={t('history.to')}
            valueFormat="DD/MM/YYYY"
            value={draft.endDate}
            minDate={draft.startDate}
            onChange={(value) => value && setDraft((d) => ({ ...d, endDate: String(value).slice(0, 10) }))}
            data-testid="history-to"
            miw={140}
          />
          <Button onClick={search}>{t('history.search')}</Button>
        </Group>
        {minDate ? (
          <Text size="xs" c="dimmed">
            {t('history.earliest', { date: formatDate(minDate) })}
          </Text>
        ) : null}
        {history.isPending ? (
          <Loader aria-label={t('page.loading')} />
        ) : history.isError ? (
          <ErrorState title={t('errors:billing.historyFetchFailed')} onRetry={() => void history.refetch()} retryLabel={t('page.retry')} />
        ) : invoices.length === 0 ? (
          <EmptyState title={t('history.empty')} />
        ) : (
          <Table.ScrollContainer minWidth={300}>
            <Table striped data-testid="history-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('history.number')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('history.date')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('history.period')}</Table.Th>
                  <Table.Th ta="right">{t('history.amount')}</Table.Th>
                  <Table.Th>{t('history.statusLabel')}</Table.Th>
                  <Table.Th visibleFrom={showPdf ? undefined : 'sm'} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoices.map((invoice) => {
                  // The invoice's own period, not its first line's: a period switch's first line is the
                  // credit for the old plan, while the invoice pays for the new plan's cycle.
                  const line = invoice.lines.data[0];
                  const period = invoice.period_start !== undefined && invoice.period_end !== undefined ? { start: invoice.period_start, end: invoice.period_end } : line?.period;
                  const notes = invoice.credit_notes ?? [];
                  const disputes = invoice.disputes ?? [];
                  return (
                    <Fragment key={invoice.id}>
                    <Table.Tr data-testid="invoice-row">
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {/* Narrow screens fold the date under the number and make the number the invoice link,
                            so amount and status stay in view without sideways scrolling. */}
                        <Text visibleFrom="sm" span>
                          {invoice.number}
                        </Text>
                        <Anchor hiddenFrom="sm" href={apiLink(invoice.hosted_invoice_url)} target="_blank" rel="noopener noreferrer" size="sm">
                          {invoice.number}
                        </Anchor>
                        <Text hiddenFrom="sm" size="xs" c="dimmed">
                          {formatDate(invoice.created)}
                        </Text>
                      </Table.Td>
                      <Table.Td visibleFrom="sm">{formatDate(invoice.created)}</Table.Td>
                      <Table.Td visibleFrom="sm">{period ? `${formatDate(period.start)} – ${formatDate(period.end)}` : '—'}</Table.Td>
                      <Table.Td ta="right" data-testid="invoice-amount" style={{ whiteSpace: 'nowrap' }}>
                        {formatMoney(invoice.status === 'paid' ? invoice.amount_paid : invoice.total, invoice.currency)}
                      </Table.Td>
                      <Table.Td>
                        <Badge color={invoiceStatusColor(invoice.status)} variant="light">
                          {t(`history.invoiceStatus.${invoice.status}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td visibleFrom={showPdf ? undefined : 'sm'}>
                        <Group gap="xs" wrap="nowrap">
                          <Anchor visibleFrom="sm" href={apiLink(invoice.hosted_invoice_url)} target="_blank" rel="noopener noreferrer" size="sm">
                            {t('history.view')}
                          </Anchor>
                          {showPdf ? (
                            <>
                              <Anchor visibleFrom="sm" href={apiLink(invoice.invoice_pdf)} target="_blank" rel="noopener noreferrer" size="sm">
                                {t('history.pdf')}
                              </Anchor>
                              <ActionIcon
                                hiddenFrom="sm"
                                component="a"
                                href={apiLink(invoice.invoice_pdf)}
                                target="_blank"
                                rel="noopener noreferrer"
                                variant="subtle"
                                aria-label={t('history.pdf')}
                              >
                                <Icon name="document" />
                              </ActionIcon>
                            </>
                          ) : null}
                          {ecpayReturnPath && invoice.status === 'open' && invoice.currency === 'TWD' ? (
                            <EcpayPayButton invoiceId={invoice.id} userId={userId} returnPath={ecpayReturnPath} size="xs" variant="light" />
                          ) : null}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                    {notes.length > 0 || disputes.length > 0 ? (
                      // What happened to the payment afterwards: refunds (each a credit note) and card disputes.
                      <Table.Tr data-testid="credit-notes">
                        <Table.Td colSpan={6}>
                          <Stack gap={2}>
                            {notes.map((note) => (
                              <Text key={note.number} size="sm">
                                {t('history.creditNote', { number: note.number, amount: formatMoney(note.amount, note.currency), date: formatDate(note.created) })}
                              </Text>
                            ))}
                            {disputes.map((dispute) => (
                              <Text key={dispute.id} size="sm" c="red">
                                {t('history.dispute', { status: t(`history.disputeStatus.${dispute.status}`, { defaultValue: t('history.disputeStatus.needs_response') }), date: formatDate(dispute.created) })}
                              </Text>
                            ))}
                          </Stack>
                        </Table.Td>
                      </Table.Tr>
                    ) : null}
                    </Fragment>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {history.hasNextPage ? (
          <Group justify="center">
            <Button variant="light" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
              {t('history.showMore')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Modal>
  );
};
