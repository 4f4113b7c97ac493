import { Avatar, Button, Card, FileButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { errorMessageKeys, isApiError, useCurrentUser, useUpdateUser, useUploadAvatar } from '@merchant-hub/api-client';
import type { User } from '@merchant-hub/domain';
import { PageLoader, applyServerFieldErrors, usePageTitle, useSchemaForm } from '@merchant-hub/ui-kit';
import { imageFileSchema, updateUserSchema } from '@merchant-hub/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StaffAccessCard } from '../components/staff-access-card';

type ProfileValues = { name: string; email: string; phone: string };

const ProfileForm = ({ user }: { user: User }) => {
  const { t } = useTranslation(['profile', 'errors', 'common']);
  const form = useSchemaForm<ProfileValues>({
    schema: updateUserSchema,
    initialValues: { name: user.name, email: user.email, phone: user.phone ?? '' },
  });
  const [photoError, setPhotoError] = useState<string | null>(null);
  const update = useUpdateUser({
    meta: { handlesError: true },
    onSuccess: () => notifications.show({ color: 'green', message: t('profile:saved') }),
    onError: (error) => {
      if (!(isApiError(error) && applyServerFieldErrors(form as never, error.details, {}, ['name', 'phone']))) {
        notifications.show({ color: 'red', message: t(errorMessageKeys(error)) });
      }
    },
  });
  const upload = useUploadAvatar({
    meta: { handlesError: true },
    onSuccess: () => notifications.show({ color: 'green', message: t('profile:photoUpdated') }),
    onError: (error) => setPhotoError(t(errorMessageKeys(error))),
  });
  const handleFile = (file: File | null) => {
    if (!file) return;
    const check = imageFileSchema.safeParse({ type: file.type, size: file.size });
    if (!check.success) {
      setPhotoError(t(check.error.issues[0]?.message ?? 'validation:image.typeInvalid'));
      return;
    }
    setPhotoError(null);
    upload.mutate({ id: user.id, file });
  };

  return (
    <Card withBorder radius="md" maw={640}>
      <Stack gap="lg">
        <Group>
          <Avatar src={user.image_url} alt={user.name} size={72} radius="xl" name={user.name} color="initials" />
          <Stack gap={4}>
            <Text fw={600}>{t('profile:photo')}</Text>
            <FileButton onChange={handleFile} accept="image/png,image/jpeg">
              {(props) => (
                <Button variant="default" size="xs" loading={upload.isPending} {...props}>
                  {t('profile:changePhoto')}
                </Button>
              )}
            </FileButton>
            <Text size="xs" c={photoError ? 'red' : 'dimmed'} role={photoError ? 'alert' : undefined}>
              {photoError ?? t('profile:photoHint')}
            </Text>
          </Stack>
        </Group>
        <form
          noValidate
          onSubmit={form.onSubmit((values) =>
            update.mutate({ id: user.id, name: values.name.trim(), email: user.email, phone: values.phone.trim() === '' ? null : values.phone.trim() }),
          )}
        >
          <Stack gap="md">
            <TextInput label={t('profile:name')} required autoComplete="name" key={form.key('name')} {...form.getInputProps('name')} />
            <TextInput label={t('profile:email')} readOnly description={t('profile:emailHint')} key={form.key('email')} {...form.getInputProps('email')} />
            <TextInput label={t('profile:phone')} type="tel" autoComplete="tel" key={form.key('phone')} {...form.getInputProps('phone')} />
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending}>
                {t('profile:save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
};

/** /profile/personal: name, phone and photo of the signed-in user. */
export const ProfilePage = () => {
  const { t } = useTranslation(['profile', 'common']);
  usePageTitle(t('profile:title'));
  const user = useCurrentUser();
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('profile:title')}
        </Title>
        <Text c="dimmed">{t('profile:subtitle')}</Text>
      </Stack>
      {user.data ? <ProfileForm user={user.data} /> : <PageLoader label={t('common:status.loading')} />}
      <StaffAccessCard />
    </Stack>
  );
};
