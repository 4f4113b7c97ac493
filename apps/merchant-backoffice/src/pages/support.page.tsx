import { Button, Container, FileInput, Group, Modal, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { errorMessageKeys, isApiError, useMyConversations, useSendSupportMessage } from '@merchant-hub/api-client';
import { applyServerFieldErrors, EmptyState, ErrorState, PageLoader, SupportConversationList, usePageTitle, useSchemaForm } from '@merchant-hub/ui-kit';
import { imageFileSchema, SUPPORT_MESSAGE_MAX_LENGTH, SUPPORT_SUBJECT_MAX_LENGTH, supportMessageSchema } from '@merchant-hub/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

type ContactValues = { subject: string; message: string };

/** Contact support: subject, message and an optional JPG/PNG screenshot under 2 MB (checked here and on the server). */
const ContactSupportModal = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const { t } = useTranslation(['support', 'errors']);
  const navigate = useNavigate();
  const form = useSchemaForm<ContactValues>({ schema: supportMessageSchema, initialValues: { subject: '', message: '' } });
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const [screenshotError, setScreenshotError] = useState<string | null>(null);
  const send = useSendSupportMessage({ meta: { handlesError: true } });

  const handleFile = (file: File | null) => {
    setScreenshot(null);
    setScreenshotError(null);
    if (!file) return;
    const check = imageFileSchema.safeParse({ type: file.type, size: file.size });
    if (!check.success) setScreenshotError(t(check.error.issues[0]?.message ?? 'validation:image.typeInvalid'));
    else setScreenshot(file);
  };

  const handleSubmit = form.onSubmit((values) => {
    if (screenshotError) return;
    send.mutate(
      { ...values, screenshot },
      {
        onSuccess: (conversation) => {
          notifications.show({ color: 'green', message: t('errors:success.messageSent') });
          form.reset();
          setScreenshot(null);
          onClose();
          void navigate(`/support/${conversation.id}`);
        },
        onError: (error) => {
          const fields = isApiError(error) ? error.details : {};
          if (fields.screenshot) setScreenshotError(t(fields.screenshot));
          if (isApiError(error) && applyServerFieldErrors(form as never, fields, {}, ['subject', 'message'])) return;
          if (!fields.screenshot) notifications.show({ color: 'red', message: t(errorMessageKeys(error)) });
        },
      },
    );
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t('support:contact.title')} size="lg">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('support:contact.subject')} required maxLength={SUPPORT_SUBJECT_MAX_LENGTH} data-autofocus key={form.key('subject')} {...form.getInputProps('subject')} />
          <Textarea label={t('support:contact.message')} required autosize minRows={4} maxLength={SUPPORT_MESSAGE_MAX_LENGTH} key={form.key('message')} {...form.getInputProps('message')} />
          <FileInput
            label={t('support:contact.screenshot')}
            description={t('support:contact.screenshotHint')}
            accept="image/png,image/jpeg"
            clearable
            value={screenshot}
            onChange={handleFile}
            error={screenshotError}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('support:contact.cancel')}
            </Button>
            <Button type="submit" loading={send.isPending}>
              {t('support:contact.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};

/** /support: the merchant's conversations with support; `?new=1` (the user menu's Contact support) opens the form. */
export const SupportPage = () => {
  const { t } = useTranslation(['support', 'common']);
  usePageTitle(t('support:mine.title'));
  const [params, setParams] = useSearchParams();
  const conversations = useMyConversations({ meta: { handlesError: true } });
  const composing = params.get('new') === '1';
  const setComposing = (open: boolean) => setParams(open ? { new: '1' } : {}, { replace: true });

  return (
    <Container size="md" py="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={1} size="h2">
            {t('support:mine.title')}
          </Title>
          <Button onClick={() => setComposing(true)}>{t('support:contact.open')}</Button>
        </Group>
        {conversations.isPending ? (
          <PageLoader label={t('support:mine.loading')} />
        ) : conversations.isError ? (
          <ErrorState title={t('support:mine.loadFailed')} onRetry={() => void conversations.refetch()} retryLabel={t('support:retry')} />
        ) : conversations.data.data.length === 0 ? (
          <EmptyState title={t('support:mine.empty')} description={t('support:mine.emptyHint')} />
        ) : (
          <SupportConversationList conversations={conversations.data.data} labels={{ unread: t('support:newReply'), state: (state) => t(`support:state.${state}`) }} />
        )}
        <Text size="xs" c="dimmed">
          {t('support:mine.note')}
        </Text>
      </Stack>
      <ContactSupportModal opened={composing} onClose={() => setComposing(false)} />
    </Container>
  );
};
