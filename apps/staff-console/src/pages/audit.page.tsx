import { Button, Container, Group, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { auditCsvUrl, useAuditLog, useStaffMe } from '@merchant-hub/api-client';
import { EmptyState, ErrorState, PageLoader, usePageTitle } from '@merchant-hub/ui-kit';
import { INTL_LOCALE_TAGS, normalizeLocale } from '@merchant-hub/i18n';
import { AUDIT_ACTIONS, type AuditQueryInput } from '@merchant-hub/validation';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AuditEntries } from '../components/audit-entries';
import { auditActionLabel } from '../components/audit-labels';

const PAGE_SIZE = 50;

/** A `YYYY-MM-DD` date field as unix seconds: the start of the day for `from`, its end for `to`. */
export const dayBound = (value: string, edge: 'start' | 'end'): number | undefined => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const day = dayjs(value);
  if (!day.isValid()) return undefined;
  return (edge === 'start' ? day.startOf('day') : day.endOf('day')).unix();
};

/** /audit: who did what for which merchant, when, from where, why, with before/after and the outcome. */
export const AuditPage = () => {
  const { t, i18n } = useTranslation('staff');
  usePageTitle(t('audit.title'));
  const [params, setParams] = useSearchParams();
  const me = useStaffMe();
  const value = (name: string) => params.get(name) ?? '';
  const set = (name: string, next: string | null) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next) copy.set(name, next);
        else copy.delete(name);
        return copy;
      },
      { replace: true },
    );

  const query: Omit<AuditQueryInput, 'cursor'> = {
    staff_id: value('staff_id') || undefined,
    merchant_user_id: value('merchant_user_id') || undefined,
    action: value('action') || undefined,
    from: dayBound(value('from'), 'start'),
    to: dayBound(value('to'), 'end'),
    limit: PAGE_SIZE,
  };
  const log = useAuditLog(query);
  const entries = log.data?.pages.flatMap((page) => page.data) ?? [];
  // Filter choices come from what the log holds: the staff members, merchants and actions seen so far.
  const staffOptions = new Map<string, string>();
  if (me.data) staffOptions.set(String(me.data.id), me.data.email);
  const merchantOptions = new Map<string, string>();
  for (const entry of entries) {
    staffOptions.set(String(entry.staff.id), entry.staff.email);
    if (entry.merchant) merchantOptions.set(String(entry.merchant.user_id), entry.merchant.name);
  }
  if (query.merchant_user_id && !merchantOptions.has(String(query.merchant_user_id))) merchantOptions.set(String(query.merchant_user_id), `#${query.merchant_user_id}`);
  if (query.staff_id && !staffOptions.has(String(query.staff_id))) staffOptions.set(String(query.staff_id), `#${query.staff_id}`);
  // Every action the log can hold, by its label (issue 27 §6), in the reader's alphabetical order (`zhtw` is no
  // BCP 47 tag: Intl wants `zh-TW`).
  const collator = new Intl.Collator(INTL_LOCALE_TAGS[normalizeLocale(i18n.language)]);
  const actions = AUDIT_ACTIONS.map((action) => ({ value: action, label: auditActionLabel(t, action) })).sort((a, b) => collator.compare(a.label, b.label));
  const { limit: _limit, ...csvQuery } = query;

  return (
    <Container size="xl" py="md">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1} size="h2">
            {t('audit.title')}
          </Title>
          <Button component="a" href={auditCsvUrl(csvQuery)} variant="default" download>
            {t('audit.exportCsv')}
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
          <Select
            label={t('audit.filter.staff')}
            placeholder={t('directory.filter.any')}
            data={[...staffOptions].map(([id, email]) => ({ value: id, label: email }))}
            value={value('staff_id') || null}
            onChange={(next) => set('staff_id', next)}
            clearable
          />
          <Select
            label={t('audit.filter.merchant')}
            placeholder={t('directory.filter.any')}
            data={[...merchantOptions].map(([id, name]) => ({ value: id, label: name }))}
            value={value('merchant_user_id') || null}
            onChange={(next) => set('merchant_user_id', next)}
            clearable
            searchable
          />
          <Select
            label={t('audit.filter.action')}
            placeholder={t('directory.filter.any')}
            data={actions}
            value={value('action') || null}
            onChange={(next) => set('action', next)}
            clearable
            searchable
          />
          <TextInput type="date" label={t('audit.filter.from')} value={value('from')} onChange={(event) => set('from', event.currentTarget.value)} />
          <TextInput type="date" label={t('audit.filter.to')} value={value('to')} onChange={(event) => set('to', event.currentTarget.value)} />
        </SimpleGrid>
        {log.isPending ? (
          <PageLoader label={t('audit.loading')} />
        ) : log.isError ? (
          <ErrorState title={t('audit.loadFailed')} onRetry={() => void log.refetch()} retryLabel={t('common.retry')} />
        ) : entries.length === 0 ? (
          <EmptyState title={t('audit.empty')} />
        ) : (
          <>
            <AuditEntries entries={entries} />
            {log.hasNextPage ? (
              <Button variant="default" w="fit-content" onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
                {t('common.loadMore')}
              </Button>
            ) : null}
          </>
        )}
      </Stack>
    </Container>
  );
};
