import { Anchor, Button, Container, Group, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  errorMessageKeys,
  isApiError,
  staffScreenshotUrl,
  useAssignSupportConversation,
  useCloseSupportConversation,
  useConsoleSettings,
  useReplySupportConversation,
  useStaffMe,
  useSupportAssignees,
  useSupportConversation,
} from '@merchant-hub/api-client';
import { applyServerFieldErrors, ErrorState, PageLoader, SupportReplyForm, SupportStateBadge, SupportThread, usePageTitle, useSchemaForm } from '@merchant-hub/ui-kit';
import { supportReplySchema } from '@merchant-hub/validation';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SupportInternalNotes } from '../components/support-internal-notes';
import { useReadOnly } from '../app/read-only';
import { InboxTiming } from '../components/inbox-timing';

/** /support/:id: one conversation — assign (to me, anyone who answers, nobody), reply (e-mailed to the merchant), close. Read-only staff read. */
export const SupportConversationPage = () => {
  const { t } = useTranslation(['support', 'staff']);
  const id = Number(useParams().id);
  const me = useStaffMe();
  const readOnly = useReadOnly();
  const assignees = useSupportAssignees({ meta: { handlesError: true }, enabled: !readOnly });
  const targetHours = useConsoleSettings({ meta: { handlesError: true } }).data?.inbox_reply_target_hours ?? 24;
  const conversation = useSupportConversation(id, { meta: { handlesError: true }, enabled: Number.isInteger(id) && id > 0 });
  usePageTitle(conversation.data?.subject ?? t('support:inbox.title'));
  const showError = (error: unknown) => notifications.show({ color: 'red', message: t(errorMessageKeys(error)) });
  const assign = useAssignSupportConversation(id, {
    meta: { handlesError: true },
    onError: showError,
    onSuccess: (changed) => notifications.show({ color: 'green', message: changed.assignee ? t('support:conversation.assigned', { name: changed.assignee.name }) : t('support:conversation.unassignedDone') }),
  });
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
                <InboxTiming conversation={data} targetHours={targetHours} nowSeconds={Math.floor(Date.now() / 1000)} />
              </Text>
            </Group>
          </Stack>
          {readOnly ? null : (
            <Group gap="xs" align="flex-end">
              <Select
                label={t('support:conversation.assignee')}
                size="xs"
                w={200}
                data={[{ value: 'none', label: t('support:unassigned') }, ...(assignees.data?.data ?? []).map((member) => ({ value: String(member.id), label: member.name }))]}
                value={data.assignee ? String(data.assignee.id) : 'none'}
                allowDeselect={false}
                disabled={closed || assign.isPending}
                onChange={(value) => value && value !== (data.assignee ? String(data.assignee.id) : 'none') && assign.mutate(value === 'none' ? null : Number(value))}
              />
              <Button variant="default" size="xs" disabled={mine || closed} loading={assign.isPending} onClick={() => assign.mutate()}>
                {t('support:conversation.assignToMe')}
              </Button>
              <Button variant="default" color="red" size="xs" disabled={closed} loading={close.isPending} onClick={() => close.mutate()}>
                {t('support:conversation.close')}
              </Button>
            </Group>
          )}
        </Group>
        <SupportThread
          messages={data.messages}
          screenshotUrl={(messageId) => staffScreenshotUrl(id, messageId)}
          labels={{ merchant: t('support:author.merchant'), staff: t('support:author.staff'), screenshot: t('support:conversation.screenshot') }}
        />
        <SupportInternalNotes conversationId={id} notes={data.internal_notes ?? []} readOnly={readOnly} />
        {readOnly ? null : closed ? (
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
