import { Anchor, Container, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useSupportAssignees, useSupportInbox } from '@merchant-hub/api-client';
import { EmptyState, ErrorState, PageLoader, SupportConversationList, usePageTitle } from '@merchant-hub/ui-kit';
import { SUPPORT_INBOX_SORTS, SUPPORT_MARKETS, SUPPORT_STATES, type SupportInboxQuery } from '@merchant-hub/validation';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { InboxTiming } from '../components/inbox-timing';

/** `assigned` in the address: `me`, `none` (nobody yet) or a staff member's id. */
const assignedQuery = (value: string | null): Pick<SupportInboxQuery, 'assigned' | 'assignee_id'> =>
  value === 'me' || value === 'none' ? { assigned: value } : value && /^\d+$/.test(value) ? { assignee_id: value } : {};

/**
 * /support: every merchant conversation, filtered by state, market, merchant (from the merchant page) and assignee,
 * sorted by latest message, age or waiting time; each thread's age and waiting time against the target.
 */
export const SupportInboxPage = () => {
  const { t } = useTranslation(['support', 'staff']);
  usePageTitle(t('support:inbox.title'));
  const [params, setParams] = useSearchParams();
  const query: SupportInboxQuery = {
    state: params.get('state') ?? undefined,
    market: params.get('market') ?? undefined,
    merchant_user_id: params.get('merchant') ?? undefined,
    ...assignedQuery(params.get('assigned')),
    sort: params.get('sort') ?? undefined,
  } as SupportInboxQuery;
  const inbox = useSupportInbox(query, { meta: { handlesError: true } });
  const assignees = useSupportAssignees({ meta: { handlesError: true } });
  const nowSeconds = Math.floor(Date.now() / 1000);
  const targetHours = inbox.data?.reply_target_hours ?? 24;

  const setFilter = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('support:inbox.title')}
        </Title>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('support:inbox.filter.state')}
            placeholder={t('support:inbox.filter.any')}
            data={SUPPORT_STATES.map((state) => ({ value: state, label: t(`support:state.${state}`) }))}
            value={params.get('state')}
            onChange={(value) => setFilter('state', value)}
            clearable
            w={180}
          />
          <Select
            label={t('support:inbox.filter.market')}
            placeholder={t('support:inbox.filter.any')}
            data={SUPPORT_MARKETS.map((market) => ({ value: market, label: t(`support:market.${market}`) }))}
            value={params.get('market')}
            onChange={(value) => setFilter('market', value)}
            clearable
            w={180}
          />
          <Select
            label={t('support:inbox.filter.assignee')}
            placeholder={t('support:inbox.filter.any')}
            data={[
              { value: 'me', label: t('support:inbox.filter.mine') },
              { value: 'none', label: t('support:inbox.filter.unassigned') },
              ...(assignees.data?.data ?? []).map((member) => ({ value: String(member.id), label: member.name })),
            ]}
            value={params.get('assigned')}
            onChange={(value) => setFilter('assigned', value)}
            clearable
            w={200}
          />
          <Select
            label={t('support:inbox.sort.label')}
            data={SUPPORT_INBOX_SORTS.map((sort) => ({ value: sort, label: t(`support:inbox.sort.${sort}`) }))}
            value={params.get('sort') ?? 'recent'}
            onChange={(value) => setFilter('sort', value === 'recent' ? null : value)}
            allowDeselect={false}
            w={200}
          />
          {params.get('merchant') ? (
            <Anchor component="button" type="button" size="sm" mb={8} onClick={() => setFilter('merchant', null)}>
              {t('support:inbox.filter.clearMerchant')}
            </Anchor>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {t('support:inbox.target', { hours: targetHours })}
        </Text>
        {inbox.isPending ? (
          <PageLoader label={t('support:inbox.loading')} />
        ) : inbox.isError ? (
          <ErrorState title={t('support:inbox.loadFailed')} onRetry={() => void inbox.refetch()} retryLabel={t('staff:common.retry')} />
        ) : inbox.data.data.length === 0 ? (
          <EmptyState title={t('support:inbox.empty')} />
        ) : (
          <SupportConversationList
            conversations={inbox.data.data}
            labels={{ unread: t('support:unread'), state: (state) => t(`support:state.${state}`) }}
            detail={(conversation) => (
              <>
                {conversation.merchant?.name} · {conversation.merchant?.market ?? '—'}
                {` · ${conversation.assignee ? t('support:assignedTo', { name: conversation.assignee.name }) : t('support:unassigned')}`}
                <InboxTiming conversation={conversation} targetHours={targetHours} nowSeconds={nowSeconds} />
              </>
            )}
          />
        )}
      </Stack>
    </Container>
  );
};
