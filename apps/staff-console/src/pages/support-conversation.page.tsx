import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  errorMessageKeys,
  isApiError,
  staffScreenshotUrl,
  useAssignSupportConversation,
  useCloseSupportConversation,
  useReplySupportConversation,
  useStaffMe,
  useSupportConversation,
} from '@merchant-hub/api-client';
import { applyServerFieldErrors, ErrorState, PageLoader, SupportReplyForm, SupportStateBadge, SupportThread, usePageTitle, useSchemaForm } from '@merchant-hub/ui-kit';
import { supportReplySchema } from '@merchant-hub/validation';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SupportInternalNotes } from '../components/support-internal-notes';

/** /support/:id: one conversation — assign to me, reply (e-mailed to the merchant), close. */
export const SupportConversationPage = () => {
  const { t } = useTranslation(['support', 'staff']);
  const id = Number(useParams().id);
  const me = useStaffMe();
  const conversation = useSupportConversation(id, { meta: { handlesError: true }, enabled: Number.isInteger(id) && id > 0 });
  usePageTitle(conversation.data?.subject ?? t('support:inbox.title'));
  const showError = (error: unknown) => notifications.show({ color: 'red', message: t(errorMessageKeys(error)) });
  const assign = useAssignSupportConversation(id, { meta: { handlesError: true }, onError: showError });
  const close = useCloseSupportConversation(id, { meta: { handlesError: true }, onError: showError, onSuccess: () => notifications.show({ color: 'green', message: t('support:conversation.closed') }) });
  const reply = useReplySupportConversation(id, { meta: { handlesError: true } });
  const form = useSchemaForm<{ message: string }>({ schema: supportReplySchema, initialValues: { message: '' } });

  const handleReply = form.onSubmit(({ message }) =>
    reply.mutate(message, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('support:conversation.replySent') });
        form.reset();
      },
      onError: (error) => {
        if (isApiError(error) && applyServerFieldErrors(form, error.details, {}, ['message'])) return;
        showError(error);
      },
    }),
  );

  if (conversation.isPending) return <PageLoader label={t('support:conversation.loading')} />;
  if (conversation.isError)
    return <ErrorState title={t('support:conversation.loadFailed')} onRetry={() => void conversation.refetch()} retryLabel={t('staff:common.retry')} />;
  const data = conversation.data;
  const closed = data.state === 'closed';
  const mine = data.assignee?.id === me.data?.id;

  return (
    <Container size="md" py="md">
      <Stack gap="md">
        <Anchor component={Link} to="/support" size="sm">
          {t('support:conversation.back')}
        </Anchor>
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
            <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {data.subject}
            </Title>
            <Group gap="xs">
              <SupportStateBadge state={data.state} label={t(`support:state.${data.state}`)} />
              {data.merchant ? (
                <Anchor component={Link} to={`/merchants/${data.merchant.user_id}`} size="sm">
                  {data.merchant.name} · {data.merchant.market ?? '—'}
                </Anchor>
              ) : null}
              <Text size="sm" c="dimmed">
                {data.assignee ? t('support:assignedTo', { name: data.assignee.name }) : t('support:unassigned')}
              </Text>
            </Group>
          </Stack>
          <Group gap="xs">
            <Button variant="default" size="xs" disabled={mine || closed} loading={assign.isPending} onClick={() => assign.mutate()}>
              {t('support:conversation.assignToMe')}
            </Button>
            <Button variant="default" color="red" size="xs" disabled={closed} loading={close.isPending} onClick={() => close.mutate()}>
              {t('support:conversation.close')}
            </Button>
          </Group>
        </Group>
        <SupportThread
          messages={data.messages}
          screenshotUrl={(messageId) => staffScreenshotUrl(id, messageId)}
          labels={{ merchant: t('support:author.merchant'), staff: t('support:author.staff'), screenshot: t('support:conversation.screenshot') }}
        />
        <SupportInternalNotes conversationId={id} notes={data.internal_notes ?? []} />
        {closed ? (
          <Text c="dimmed" size="sm">
            {t('support:conversation.closedNote')}
          </Text>
        ) : (
          <SupportReplyForm
            form={form}
            onSubmit={handleReply}
            pending={reply.isPending}
            labels={{ message: t('support:conversation.reply'), hint: t('support:conversation.replyHint'), send: t('support:conversation.send') }}
          />
        )}
      </Stack>
    </Container>
  );
};
