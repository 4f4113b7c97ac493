import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useAddCoupon } from '@merchant-hub/api-client';
import { couponSchema } from '@merchant-hub/validation';
import { useSchemaForm } from '@merchant-hub/ui-kit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText, useNotify } from '../notify';
import { useStaffReason } from '../staff-reason';

export type ApplyCouponModalProps = { opened: boolean; userId?: number; storeId?: number; onClose: () => void };

/** Spec §5: the code must not be blank after trimming; a refusal shows the server's message in red. */
export const ApplyCouponModal = ({ opened, userId, storeId, onClose }: ApplyCouponModalProps) => {
  const { t } = useTranslation(['billing', 'validation']);
  const notify = useNotify();
  const errorText = useErrorText();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useSchemaForm<{ coupon: string }>({ schema: couponSchema, initialValues: { coupon: '' } });
  const apply = useAddCoupon({ meta: { handlesError: true } });
  const withReason = useStaffReason();
  const close = () => {
    form.reset();
    setServerError(null);
    onClose();
  };
  const handleSubmit = form.onSubmit((values) => {
    setServerError(null);
    const coupon = values.coupon.trim();
    withReason((fields) =>
      apply.mutate(
        { coupon, user_id: userId, store_id: storeId || undefined, ...fields },
        {
          onSuccess: () => {
            notify.success(t('coupon.applied', { code: coupon.toUpperCase() }));
            close();
          },
          onError: (error) => setServerError(errorText(error)),
        },
      ),
    );
  });
  return (
    <Modal opened={opened} onClose={close} title={t('coupon.title')} centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <TextInput label={t('coupon.label')} key={form.key('coupon')} {...form.getInputProps('coupon')} data-autofocus autoComplete="off" />
          {serverError ? (
            <Text c="red" size="sm" role="alert">
              {serverError}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('detail.cancel')}
            </Button>
            <Button type="submit" loading={apply.isPending}>
              {t('coupon.apply')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
