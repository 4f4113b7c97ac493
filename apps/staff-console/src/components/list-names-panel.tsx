import { Alert, Badge, Button, Card, Group, Modal, Stack, Table, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { isApiError, useSaveListTranslations, useTranslatedLists } from '@merchant-hub/api-client';
import { languageName } from '@merchant-hub/i18n';
import { ErrorState, PageLoader } from '@merchant-hub/ui-kit';
import { DESCRIPTION_LANGUAGES, type DescriptionLanguage, listTranslationsEditSchema, type TranslatedListEntry, type TranslatedListName } from '@merchant-hub/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminReason } from './admin-reason';

type Names = Record<DescriptionLanguage, string>;
type Editing = { list: TranslatedListName; entry: TranslatedListEntry };

const namesOf = (entry: TranslatedListEntry): Names => Object.fromEntries(DESCRIPTION_LANGUAGES.map((language) => [language, entry.translations[language] ?? ''])) as Names;

/** A translation, or the mark that merchants see the English name in that language. */
const NameCell = ({ name }: { name: string | undefined }) => {
  const { t } = useTranslation('catalog');
  return name ? (
    <Text size="sm">{name}</Text>
  ) : (
    <Badge size="xs" color="orange" variant="light" data-testid="list-untranslated">
      {t('form.englishShown')}
    </Badge>
  );
};

type ListNamesModalProps = { editing: Editing; onClose: () => void };

/** An entry's names in ms, zh, zhtw and th, each with the English name as placeholder; saved with a reason. */
const ListNamesModal = ({ editing, onClose }: ListNamesModalProps) => {
  const { t, i18n } = useTranslation(['catalog', 'validation', 'errors']);
  const form = useForm<Names>({ mode: 'controlled', initialValues: namesOf(editing.entry) });
  const save = useSaveListTranslations({ meta: { handlesError: true } });
  const reasons = useAdminReason();

  const handleSubmit = form.onSubmit((values) => {
    const checked = listTranslationsEditSchema.safeParse({ translations: values });
    if (!checked.success) {
      form.setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path.at(-1)), issue.message])));
      return;
    }
    reasons.ask({
      confirmLabel: t('form.save'),
      run: (reason) =>
        save
          .mutateAsync({ list: editing.list, id: editing.entry.id, translations: checked.data.translations, reason })
          .then(() => {
            notifications.show({ color: 'green', message: t('lists.saved', { name: editing.entry.name }) });
            onClose();
          })
          .catch((error: unknown) => {
            // The server's field errors (translations.th…) go back on their fields.
            if (isApiError(error)) for (const [path, key] of Object.entries(error.details)) form.setFieldError(path.replace(/^translations\./, ''), key);
            throw error;
          }),
    });
  });

  return (
    <Modal opened onClose={onClose} title={t('lists.editTitle', { name: editing.entry.name })} centered closeOnClickOutside={false}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('lists.editNote')}
          </Text>
          {DESCRIPTION_LANGUAGES.map((language) => {
            const props = form.getInputProps(language);
            const label = languageName(language, language, i18n.language);
            return (
              <TextInput
                key={language}
                label={
                  <Group gap={6} component="span">
                    <span>{label}</span>
                    {String(form.values[language]).trim() === '' ? (
                      <Badge size="xs" color="orange" variant="light" component="span" data-testid={`untranslated-${language}`}>
                        {t('form.englishShown')}
                      </Badge>
                    ) : null}
                  </Group>
                }
                lang={language === 'zhtw' ? 'zh-Hant' : language === 'zh' ? 'zh-Hans' : language}
                placeholder={editing.entry.name}
                maxLength={120}
                {...props}
                error={props.error ? t(String(props.error)) : undefined}
              />
            );
          })}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button type="submit">{t('form.save')}</Button>
          </Group>
        </Stack>
      </form>
      {reasons.modal}
    </Modal>
  );
};

/**
 * The store industries and shop categories in every language (issue 31 #5): what the sign-up's store step and the
 * merchant wizard offer. Each name in the other languages is shown, or marked where merchants see the English one;
 * superadmins edit them (with a reason), support reads.
 */
export const ListNamesPanel = ({ canEdit }: { canEdit: boolean }) => {
  const { t, i18n } = useTranslation(['catalog', 'staff']);
  const lists = useTranslatedLists({ meta: { handlesError: true } });
  const [tab, setTab] = useState<TranslatedListName>('industries');
  const [editing, setEditing] = useState<Editing | null>(null);

  const table = (list: TranslatedListName, entries: TranslatedListEntry[]) => (
    <Card withBorder padding={0} radius="md">
      <Table.ScrollContainer minWidth={860}>
        <Table verticalSpacing="sm" data-testid={`list-${list}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('lists.column.english')}</Table.Th>
              {DESCRIPTION_LANGUAGES.map((language) => (
                <Table.Th key={language}>{languageName(language, language, i18n.language)}</Table.Th>
              ))}
              {canEdit ? <Table.Th>{t('plans.column.actions')}</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {entry.name}
                  </Text>
                </Table.Td>
                {DESCRIPTION_LANGUAGES.map((language) => (
                  <Table.Td key={language} lang={language === 'zhtw' ? 'zh-Hant' : language === 'zh' ? 'zh-Hans' : language}>
                    <NameCell name={entry.translations[language]} />
                  </Table.Td>
                ))}
                {canEdit ? (
                  <Table.Td>
                    <Button size="xs" variant="light" data-testid="list-edit" aria-label={`${t('lists.edit')}: ${entry.name}`} onClick={() => setEditing({ list, entry })}>
                      {t('lists.edit')}
                    </Button>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('lists.title')}
      </Title>
      <Alert color="blue" variant="light">
        {t('lists.note')}
      </Alert>
      {lists.isPending ? (
        <PageLoader label={t('lists.loading')} />
      ) : lists.isError ? (
        <ErrorState title={t('lists.loadFailed')} onRetry={() => void lists.refetch()} retryLabel={t('staff:common.retry')} />
      ) : (
        <Tabs value={tab} onChange={(value) => value && setTab(value as TranslatedListName)}>
          <Tabs.List>
            <Tabs.Tab value="industries">{t('lists.industries')}</Tabs.Tab>
            <Tabs.Tab value="shop_categories">{t('lists.shopCategories')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="industries" pt="sm">
            {table('industries', lists.data.industries)}
          </Tabs.Panel>
          <Tabs.Panel value="shop_categories" pt="sm">
            {table('shop_categories', lists.data.shop_categories)}
          </Tabs.Panel>
        </Tabs>
      )}
      {editing && canEdit ? <ListNamesModal editing={editing} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
};
