import { Badge, Button, Card, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { errorMessageKeys, isApiError, useAddSupportInternalNote } from '@merchant-hub/api-client';
import { applyServerFieldErrors, DateText, useSchemaForm } from '@merchant-hub/ui-kit';
import { SUPPORT_INTERNAL_NOTE_MAX_LENGTH, type SupportInternalNote, supportInternalNoteSchema } from '@merchant-hub/validation';
import { useTranslation } from 'react-i18next';

export type SupportInternalNotesProps = {
  conversationId: number;
  notes: readonly SupportInternalNote[];
  /** A read-only staff member reads the notes without the form that adds one. */
  readOnly?: boolean;
};

/**
 * Staff's internal notes on a conversation, apart from the thread and marked "Internal" on every note: the
 * merchant never sees them and they are not e-mailed. A note can be added also once the conversation is closed.
 */
export const SupportInternalNotes = ({ conversationId, notes, readOnly = false }: SupportInternalNotesProps) => {
  const { t } = useTranslation(['support', 'staff', 'errors']);
  const form = useSchemaForm<{ message: string }>({ schema: supportInternalNoteSchema, initialValues: { message: '' } });
  const add = useAddSupportInternalNote(conversationId, { meta: { handlesError: true } });
  const handleAdd = form.onSubmit(({ message }) =>
    add.mutate(message, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('support:internalNotes.added') });
        form.reset();
      },
      onError: (error) => {
        if (isApiError(error) && applyServerFieldErrors(form, error.details, {}, ['message'])) return;
        notifications.show({ color: 'red', message: t(errorMessageKeys(error)) });
      },
    }),
  );
  return (
    <Card component="section" aria-labelledby="internal-notes-title" withBorder radius="md" padding="sm" bg="var(--mantine-color-yellow-light)" data-testid="internal-notes">
      <Stack gap="sm">
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={2} size="h4" id="internal-notes-title">
              {t('support:internalNotes.title')}
            </Title>
            <Badge color="dark" variant="filled">
              {t('support:internalNotes.badge')}
            </Badge>
          </Group>
          <Text size="xs">{t('support:internalNotes.hint')}</Text>
        </Stack>
        {notes.length === 0 ? (
          <Text size="sm">{t('support:internalNotes.empty')}</Text>
        ) : (
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            {notes.map((note) => (
              <li key={note.id} data-testid="internal-note">
                <Paper withBorder radius="sm" p="xs" style={{ borderStyle: 'dashed' }}>
                  <Group gap="xs" mb={4}>
                    <Badge size="xs" color="dark" variant="filled">
                      {t('support:internalNotes.badge')}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {note.author_name} · <DateText value={note.created_at} />
                    </Text>
                  </Group>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {note.body}
                  </Text>
                </Paper>
              </li>
            ))}
          </Stack>
        )}
        {readOnly ? null : (
          <form noValidate onSubmit={handleAdd}>
            <Stack gap="xs">
              <Textarea label={t('support:internalNotes.label')} rows={3} maxLength={SUPPORT_INTERNAL_NOTE_MAX_LENGTH} key={form.key('message')} {...form.getInputProps('message')} />
              <Group justify="flex-end">
                <Button type="submit" variant="default" loading={add.isPending}>
                  {t('support:internalNotes.add')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
};
