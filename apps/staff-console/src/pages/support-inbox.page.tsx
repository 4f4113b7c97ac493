import { Anchor, Container, Group, Select, Stack, Switch, Title } from '@mantine/core';
import { useSupportInbox } from '@merchant-hub/api-client';
import { EmptyState, ErrorState, PageLoader, SupportConversationList, usePageTitle } from '@merchant-hub/ui-kit';
import { SUPPORT_MARKETS, SUPPORT_STATES, type SupportInboxQuery } from '@merchant-hub/validation';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/** /support: every merchant conversation, filtered by state, market, merchant (from the merchant page) and assignee. */
export const SupportInboxPage = () => {
  const { t } = useTranslation(['support', 'staff']);
  usePageTitle(t('support:inbox.title'));
  const [params, setParams] = useSearchParams();
  const query: SupportInboxQuery = {
    state: params.get('state') ?? undefined,
    market: params.get('market') ?? undefined,
    merchant_user_id: params.get('merchant') ?? undefined,
    assigned: params.get('assigned') === 'me' ? 'me' : undefined,
  } as SupportInboxQuery;
  const inbox = useSupportInbox(query, { meta: { handlesError: true } });

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
          <Switch label={t('support:inbox.filter.mine')} checked={params.get('assigned') === 'me'} onChange={(event) => setFilter('assigned', event.currentTarget.checked ? 'me' : null)} mb={8} />
          {params.get('merchant') ? (
            <Anchor component="button" type="button" size="sm" mb={8} onClick={() => setFilter('merchant', null)}>
              {t('support:inbox.filter.clearMerchant')}
            </Anchor>
          ) : null}
        </Group>
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
                {conversation.assignee ? ` · ${t('support:assignedTo', { name: conversation.assignee.name })}` : ''}
              </>
            )}
          />
        )}
      </Stack>
    </Container>
  );
};
