import { Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { errorMessageKeys, isApiError, myScreenshotUrl, useMyConversation, useSendFollowUp } from '@merchant-hub/api-client';
import { applyServerFieldErrors, ErrorState, PageLoader, SupportReplyForm, SupportStateBadge, SupportThread, usePageTitle, useSchemaForm } from '@merchant-hub/ui-kit';
import { supportReplySchema } from '@merchant-hub/validation';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

/** /support/:id: one of the merchant's conversations, with support's replies and a follow-up form. */
export const SupportConversationPage = () => {
  const { t } = useTranslation(['support', 'errors']);
  const id = Number(useParams().id);
  const conversation = useMyConversation(id, { meta: { handlesError: true }, enabled: Number.isInteger(id) && id > 0, retry: false });
  usePageTitle(conversation.data?.subject ?? t('support:mine.title'));
  const send = useSendFollowUp(id, { meta: { handlesError: true } });
  const form = useSchemaForm<{ message: string }>({ schema: supportReplySchema, initialValues: { message: '' } });

  const handleSubmit = form.onSubmit(({ message }) =>
    send.mutate(message, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('errors:success.messageSent') });
        form.reset();
      },
      onError: (error) => {
        if (isApiError(error) && applyServerFieldErrors(form, error.details, {}, ['message'])) return;
        notifications.show({ color: 'red', message: t(errorMessageKeys(error)) });
      },
    }),
  );

  if (conversation.isPending) return <PageLoader label={t('support:conversation.loading')} />;
  if (conversation.isError) return <ErrorState title={t('support:conversation.loadFailed')} onRetry={() => void conversation.refetch()} retryLabel={t('support:retry')} />;
  const data = conversation.data;

  return (
    <Container size="md" py="md">
      <Stack gap="md">
        <Anchor component={Link} to="/support" size="sm">
          {t('support:conversation.backToMine')}
        </Anchor>
        <Stack gap={4}>
          <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {data.subject}
          </Title>
          <Group gap="xs">
            <SupportStateBadge state={data.state} label={t(`support:state.${data.state}`)} />
          </Group>
        </Stack>
        <SupportThread
          messages={data.messages}
          screenshotUrl={(messageId) => myScreenshotUrl(id, messageId)}
          labels={{ merchant: t('support:author.you'), staff: t('support:author.support'), screenshot: t('support:conversation.screenshot') }}
        />
        {data.state === 'closed' ? (
          <Text c="dimmed" size="sm">
            {t('support:conversation.closedMerchant')}
          </Text>
        ) : (
          <SupportReplyForm
            form={form}
            onSubmit={handleSubmit}
            pending={send.isPending}
            labels={{ message: t('support:conversation.followUp'), send: t('support:conversation.send') }}
          />
        )}
      </Stack>
    </Container>
  );
};
