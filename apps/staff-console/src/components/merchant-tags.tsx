import { Badge, Button, CloseButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { errorMessageKeys, isApiError, useAddMerchantTag, useRemoveMerchantTag } from '@merchant-hub/api-client';
import { applyServerFieldErrors, useSchemaForm } from '@merchant-hub/ui-kit';
import { MERCHANT_TAG_MAX_LENGTH, MERCHANT_TAGS_MAX, merchantTagSchema } from '@merchant-hub/validation';
import { useTranslation } from 'react-i18next';

export type TagBadgesProps = {
  tags: readonly string[];
  /** What the list is, for screen readers ("Tags of Kedai Lion"). */
  label: string;
  /** When given, each tag has a remove button. */
  onRemove?: (tag: string) => void;
  removing?: string | null;
};

/** A merchant's tags as badges (a list for screen readers); nothing when there are none. */
export const TagBadges = ({ tags, label, onRemove, removing }: TagBadgesProps) => {
  const { t } = useTranslation('staff');
  if (tags.length === 0) return null;
  return (
    <Group component="ul" aria-label={label} gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
      {tags.map((tag) => (
        <li key={tag}>
          <Badge
            variant="light"
            color="grape"
            size="sm"
            tt="none"
            rightSection={
              onRemove ? <CloseButton size="xs" aria-label={t('tags.remove', { tag })} disabled={removing === tag} onClick={() => onRemove(tag)} /> : undefined
            }
          >
            {tag}
          </Badge>
        </li>
      ))}
    </Group>
  );
};

export type TagEditorProps = {
  userId: number;
  merchantName: string;
  tags: readonly string[];
  /** A read-only staff member sees the tags without the controls that change them. */
  readOnly?: boolean;
};

/** The merchant page's tags: remove one with its × button, add one with the form (normalised by the server). */
export const TagEditor = ({ userId, merchantName, tags, readOnly = false }: TagEditorProps) => {
  const { t } = useTranslation(['staff', 'errors']);
  const form = useSchemaForm<{ tag: string }>({ schema: merchantTagSchema, initialValues: { tag: '' } });
  const showError = (error: unknown) => notifications.show({ color: 'red', message: t(errorMessageKeys(error)) });
  const add = useAddMerchantTag(userId, { meta: { handlesError: true } });
  const remove = useRemoveMerchantTag(userId, {
    meta: { handlesError: true },
    onError: showError,
    onSuccess: (_result, tag) => notifications.show({ color: 'green', message: t('tags.removed', { tag }) }),
  });
  const handleAdd = form.onSubmit(({ tag }) =>
    add.mutate(tag, {
      onSuccess: (result) => {
        const added = result.tags.find((name) => !tags.includes(name)) ?? tag;
        notifications.show({ color: 'green', message: t('tags.added', { tag: added }) });
        form.reset();
      },
      onError: (error) => {
        if (isApiError(error) && applyServerFieldErrors(form, error.details, {}, ['tag'])) return;
        showError(error);
      },
    }),
  );
  return (
    <Stack gap={6} data-testid="merchant-tags">
      <Text size="sm" fw={600} component="h2">
        {t('tags.title')}
      </Text>
      {tags.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('tags.none')}
        </Text>
      ) : (
        <TagBadges tags={tags} label={t('tags.listLabel', { name: merchantName })} onRemove={readOnly ? undefined : (tag) => remove.mutate(tag)} removing={remove.isPending ? remove.variables : null} />
      )}
      {readOnly ? null : (
        <form onSubmit={handleAdd} noValidate>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              label={t('tags.addLabel')}
              placeholder={t('tags.addPlaceholder')}
              description={t('tags.hint', { max: MERCHANT_TAG_MAX_LENGTH, most: MERCHANT_TAGS_MAX })}
              // The limits read under the field, where the error also appears.
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              size="xs"
              maxLength={64}
              autoComplete="off"
              style={{ flex: '1 1 auto', maxWidth: 320 }}
              key={form.key('tag')}
              {...form.getInputProps('tag')}
            />
            {/* Level with the field: below its one-line label. */}
            <Button type="submit" size="xs" variant="default" loading={add.isPending} style={{ marginTop: 'calc(var(--mantine-font-size-xs) * var(--mantine-line-height))' }}>
              {t('tags.add')}
            </Button>
          </Group>
        </form>
      )}
    </Stack>
  );
};
