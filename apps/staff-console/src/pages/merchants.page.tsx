import { Badge, Button, Container, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useAttentionCounts, useMerchantDirectory, useTagCatalog } from '@merchant-hub/api-client';
import { EmptyState, ErrorState, PageLoader, usePageTitle } from '@merchant-hub/ui-kit';
import { MERCHANT_SORTS } from '@merchant-hub/validation';
import type { MerchantDirectoryQueryInput, MerchantSort } from '@merchant-hub/validation';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DirectoryFilters } from '../components/directory-filters';
import type { DirectoryFilterValues } from '../components/directory-filters';
import { MerchantTable } from '../components/merchant-table';

/** Typing pauses this long before the directory asks the API again. */
export const SEARCH_DEBOUNCE_MS = 300;
const PAGE_SIZE = 25;

const isSort = (value: string | null): value is MerchantSort => MERCHANT_SORTS.includes(value as MerchantSort);

/** The filters live in the address, so a filtered list can be shared and survives a reload. */
const useDirectoryParams = () => {
  const [params, setParams] = useSearchParams();
  const sort = params.get('sort');
  const values: DirectoryFilterValues & { q: string; view: string } = {
    q: params.get('q') ?? '',
    market: params.get('market') ?? '',
    plan: params.get('plan') ?? '',
    period: params.get('period') ?? '',
    state: params.get('state') ?? '',
    tag: params.get('tag') ?? '',
    view: params.get('view') ?? '',
    sort: isSort(sort) ? sort : 'name',
  };
  const update = (changes: Partial<typeof values>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        if (next.get('sort') === 'name') next.delete('sort');
        return next;
      },
      { replace: true },
    );
  return { values, update };
};

/** /merchants: find a merchant by name, store, e-mail or phone; filter, sort, page; the "needs attention" view. */
export const MerchantsPage = () => {
  const { t } = useTranslation('staff');
  usePageTitle(t('directory.title'));
  const { values, update } = useDirectoryParams();
  const [search, setSearch] = useState(values.q);
  const [plan, setPlan] = useState(values.plan);
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [debouncedPlan] = useDebouncedValue(plan, SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    if (debouncedSearch.trim() !== values.q || debouncedPlan.trim() !== values.plan) update({ q: debouncedSearch.trim(), plan: debouncedPlan.trim() });
  }, [debouncedSearch, debouncedPlan]);

  const filters = {
    q: values.q || undefined,
    market: (values.market || undefined) as MerchantDirectoryQueryInput['market'],
    plan: values.plan || undefined,
    period: (values.period || undefined) as MerchantDirectoryQueryInput['period'],
    state: (values.state || undefined) as MerchantDirectoryQueryInput['state'],
    tag: values.tag || undefined,
    view: values.view === 'attention' ? 'attention' : undefined,
    sort: values.sort,
  } satisfies MerchantDirectoryQueryInput;
  // Cursors of the pages before this one ("Previous" pops, "Next" pushes); other filters start at page one.
  const filterKey = JSON.stringify(filters);
  const [paging, setPaging] = useState<{ key: string; cursors: string[] }>({ key: filterKey, cursors: [] });
  const cursors = paging.key === filterKey ? paging.cursors : [];
  const setCursors = (next: string[]) => setPaging({ key: filterKey, cursors: next });
  const query: MerchantDirectoryQueryInput = { ...filters, cursor: cursors.at(-1), limit: PAGE_SIZE };

  const directory = useMerchantDirectory(query, { meta: { handlesError: true } });
  const counts = useAttentionCounts({ meta: { handlesError: true } });
  // The tag filter still works without its list (the chosen tag stays in the address): a failed list is not shown.
  const tagCatalog = useTagCatalog({ meta: { handlesError: true } });

  const handleFilters = (changes: Partial<DirectoryFilterValues>) => {
    if (changes.plan !== undefined) {
      setPlan(changes.plan);
      return;
    }
    update(changes);
  };

  const attentionTotal = counts.data?.total;
  return (
    <Container size="xl" py="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Title order={1} size="h2">
            {t('directory.title')}
          </Title>
          {directory.isFetching && !directory.isPending ? <Loader size="sm" aria-label={t('directory.loading')} /> : null}
        </Group>
        <Tabs value={values.view === 'attention' ? 'attention' : 'all'} onChange={(view) => update({ view: view === 'attention' ? 'attention' : '' })}>
          <Tabs.List>
            <Tabs.Tab value="all">{t('directory.view.all')}</Tabs.Tab>
            <Tabs.Tab
              value="attention"
              rightSection={
                attentionTotal !== undefined ? (
                  <Badge color={attentionTotal > 0 ? 'red' : 'gray'} size="sm" circle={attentionTotal < 10}>
                    {attentionTotal}
                  </Badge>
                ) : null
              }
            >
              {t('directory.view.attention')}
            </Tabs.Tab>
          </Tabs.List>
        </Tabs>
        {values.view === 'attention' && counts.data ? (
          <Group gap="xs">
            <Badge variant="light" color="red">
              {t('directory.counts.pastDue', { count: counts.data.past_due })}
            </Badge>
            <Badge variant="light" color="orange">
              {t('directory.counts.failedPayments', { count: counts.data.failed_payments_7d })}
            </Badge>
            <Badge variant="light" color="yellow">
              {t('directory.counts.graceEnding', { count: counts.data.grace_ending_7d })}
            </Badge>
          </Group>
        ) : null}
        <DirectoryFilters search={search} onSearchChange={setSearch} values={{ ...values, plan }} onChange={handleFilters} tags={tagCatalog.data?.data.map((entry) => entry.tag)} />
        {directory.isPending ? (
          <PageLoader label={t('directory.loading')} />
        ) : directory.isError ? (
          <ErrorState title={t('directory.loadFailed')} onRetry={() => void directory.refetch()} retryLabel={t('common.retry')} />
        ) : directory.data.data.length === 0 ? (
          <EmptyState title={t('directory.empty.title')} description={t('directory.empty.description')} />
        ) : (
          <>
            <MerchantTable rows={directory.data.data} sort={values.sort} onSort={(sort) => update({ sort })} />
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t('directory.pageInfo', { page: cursors.length + 1, count: directory.data.data.length })}
              </Text>
              <Group gap="xs">
                <Button variant="default" disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
                  {t('common.previous')}
                </Button>
                <Button
                  variant="default"
                  disabled={!directory.data.next_cursor}
                  onClick={() => {
                    const next = directory.data.next_cursor;
                    if (next) setCursors([...cursors, next]);
                  }}
                >
                  {t('common.next')}
                </Button>
              </Group>
            </Group>
          </>
        )}
      </Stack>
    </Container>
  );
};
