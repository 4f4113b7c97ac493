import { Alert, Badge, Button, Card, Group, Loader, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { errorMessageKeys, isApiError, useAddMerchantNote, useDeleteMerchantNote, useEditMerchantNote, usePinMerchantNote } from '@merchant-hub/api-client';
import { applyServerFieldErrors, ConfirmModal, DateText, formatDate, useSchemaForm } from '@merchant-hub/ui-kit';
import { MERCHANT_NOTE_MAX_LENGTH, type MerchantNote, merchantNoteSchema, type StaffRole } from '@merchant-hub/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Viewer = { id: number; role: StaffRole } | null;

/** Who wrote a note and when (and when it was last edited). */
const NoteByline = ({ note }: { note: MerchantNote }) => {
  const { t } = useTranslation('staff');
  return (
    <Text size="xs" c="dimmed">
      {note.author.name} · <DateText value={note.created_at} />
      {note.edited_at !== null ? ` · ${t('notes.edited', { date: formatDate(note.edited_at) ?? '' })}` : null}
    </Text>
  );
};

const NoteBody = ({ body }: { body: string }) => (
  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
    {body}
  </Text>
);

/** The pinned notes, at the top of the merchant page: what everyone looking after the merchant must read first. */
export const PinnedNotes = ({ notes }: { notes: readonly MerchantNote[] }) => {
  const { t } = useTranslation('staff');
  const pinned = notes.filter((note) => note.pinned);
  if (pinned.length === 0) return null;
  return (
    <Paper component="section" aria-labelledby="pinned-notes-title" withBorder radius="md" p="sm" bg="var(--mantine-color-yellow-light)" data-testid="pinned-notes">
      <Stack gap="xs">
        <Title order={2} size="h5" id="pinned-notes-title">
          {t('notes.pinnedTitle')}
        </Title>
        {pinned.map((note) => (
          <Stack key={note.id} gap={2}>
            <NoteBody body={note.body} />
            <NoteByline note={note} />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
};

const NoteForm = ({ initial, label, submitLabel, pending, onSubmit, onCancel }: {
  initial: string;
  label: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (body: string, form: ReturnType<typeof useSchemaForm<{ body: string }>>) => void;
  onCancel?: () => void;
}) => {
  const { t } = useTranslation('staff');
  const form = useSchemaForm<{ body: string }>({ schema: merchantNoteSchema, initialValues: { body: initial } });
  const [length, setLength] = useState(initial.length);
  form.watch('body', ({ value }) => setLength(value.length));
  return (
    <form noValidate onSubmit={form.onSubmit(({ body }) => onSubmit(body, form))}>
      <Stack gap="xs">
        <Textarea
          label={label}
          description={t('notes.length', { used: length, max: MERCHANT_NOTE_MAX_LENGTH })}
          rows={3}
          maxLength={MERCHANT_NOTE_MAX_LENGTH}
          key={form.key('body')}
          {...form.getInputProps('body')}
        />
        <Group justify="flex-end" gap="xs">
          {onCancel ? (
            <Button variant="default" size="xs" onClick={onCancel}>
              {t('notes.cancel')}
            </Button>
          ) : null}
          <Button type="submit" size="xs" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

export type NotesPanelProps = {
  userId: number;
  viewer: Viewer;
  notes: readonly MerchantNote[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  /** A read-only staff member reads the notes without the controls that change them. */
  readOnly?: boolean;
};

/**
 * Internal notes on a merchant: write one, pin or unpin any, edit your own, delete your own (a superadmin any).
 * Only staff ever see them.
 */
export const NotesPanel = ({ userId, viewer, notes, loading, failed, onRetry, readOnly = false }: NotesPanelProps) => {
  const { t } = useTranslation(['staff', 'errors']);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<MerchantNote | null>(null);
  const showError = (error: unknown) => notifications.show({ color: 'red', message: t(errorMessageKeys(error)) });
  const done = (key: string) => notifications.show({ color: 'green', message: t(key) });
  const add = useAddMerchantNote(userId, { meta: { handlesError: true } });
  const edit = useEditMerchantNote(userId, { meta: { handlesError: true } });
  const pin = usePinMerchantNote(userId, { meta: { handlesError: true }, onError: showError, onSuccess: (note) => done(note.pinned ? 'notes.pinned' : 'notes.unpinned') });
  const remove = useDeleteMerchantNote(userId, { meta: { handlesError: true }, onError: showError });

  const fieldErrorOr = (form: ReturnType<typeof useSchemaForm<{ body: string }>>) => (error: unknown) => {
    if (isApiError(error) && applyServerFieldErrors(form, error.details, {}, ['body'])) return;
    showError(error);
  };

  return (
    <Card component="section" aria-labelledby="notes-title" withBorder radius="md" padding="md" data-testid="notes-panel">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id="notes-title">
            {t('notes.title')}
          </Title>
          <Text size="xs" c="dimmed">
            {t('notes.hint')}
          </Text>
        </Stack>
        {readOnly ? null : (
          <NoteForm
            initial=""
            label={t('notes.newLabel')}
            submitLabel={t('notes.add')}
            pending={add.isPending}
            onSubmit={(body, form) => add.mutate(body, { onSuccess: () => { done('notes.added'); form.reset(); }, onError: fieldErrorOr(form) })}
          />
        )}
        {loading ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t('notes.loading')}</Text>
          </Group>
        ) : failed ? (
          <Alert color="red" title={t('notes.loadFailed')}>
            <Button size="xs" variant="default" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          </Alert>
        ) : !notes || notes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('notes.empty')}
          </Text>
        ) : (
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
            {notes.map((note) => {
              const mine = viewer?.id === note.author.id;
              const mayDelete = mine || viewer?.role === 'superadmin';
              return (
                <li key={note.id} data-testid="note">
                  <Paper withBorder radius="sm" p="xs" bg={note.pinned ? 'var(--mantine-color-yellow-light)' : undefined}>
                    {editing === note.id ? (
                      <NoteForm
                        initial={note.body}
                        label={t('notes.editLabel')}
                        submitLabel={t('notes.save')}
                        pending={edit.isPending}
                        onCancel={() => setEditing(null)}
                        onSubmit={(body, form) => edit.mutate({ noteId: note.id, body }, { onSuccess: () => { done('notes.saved'); setEditing(null); }, onError: fieldErrorOr(form) })}
                      />
                    ) : (
                      <Stack gap={4}>
                        {note.pinned ? (
                          <Badge size="xs" color="dark" variant="filled">
                            {t('notes.pinnedBadge')}
                          </Badge>
                        ) : null}
                        <NoteBody body={note.body} />
                        <NoteByline note={note} />
                        {readOnly ? null : (
                          <Group gap={4} role="group" aria-label={t('notes.actions', { name: note.author.name })}>
                            <Button size="compact-xs" variant="subtle" loading={pin.isPending && pin.variables?.noteId === note.id} onClick={() => pin.mutate({ noteId: note.id, pinned: !note.pinned })}>
                              {t(note.pinned ? 'notes.unpin' : 'notes.pin')}
                            </Button>
                            {mine ? (
                              <Button size="compact-xs" variant="subtle" onClick={() => setEditing(note.id)}>
                                {t('notes.edit')}
                              </Button>
                            ) : null}
                            {mayDelete ? (
                              <Button size="compact-xs" variant="subtle" color="red" onClick={() => setDeleting(note)}>
                                {t('notes.delete')}
                              </Button>
                            ) : null}
                          </Group>
                        )}
                      </Stack>
                    )}
                  </Paper>
                </li>
              );
            })}
          </Stack>
        )}
      </Stack>
      <ConfirmModal
        opened={deleting !== null}
        title={t('notes.deleteTitle')}
        confirmLabel={t('notes.deleteConfirm')}
        cancelLabel={t('notes.cancel')}
        destructive
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSuccess: () => { done('notes.deleted'); setDeleting(null); } });
        }}
      >
        {t('notes.deleteBody')}
      </ConfirmModal>
    </Card>
  );
};
