import { Badge, Button, Divider, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useAddCard, useDeleteCard, useSetPrimaryCard } from '@merchant-hub/api-client';
import type { Card as PaymentCard } from '@merchant-hub/domain';
import { ConfirmModal, EmptyState } from '@merchant-hub/ui-kit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText, useNotify } from '../notify';
import { CardEntryField, useCardEntry } from './card-entry';
import { brandName } from './how-you-pay-card';

export type ManageCardsModalProps = {
  opened: boolean;
  cards: PaymentCard[];
  defaultId: string | null;
  userId?: number;
  onClose: () => void;
};

export const ManageCardsModal = ({ opened, cards, defaultId, userId, onClose }: ManageCardsModalProps) => {
  const { t } = useTranslation(['billing', 'errors', 'common']);
  const notify = useNotify();
  const errorText = useErrorText();
  const [toDelete, setToDelete] = useState<PaymentCard | null>(null);
  const [addError, setAddError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const entry = useCardEntry({ userId, purpose: 'add-card', enabled: opened });
  const setPrimary = useSetPrimaryCard({ meta: { handlesError: true } });
  const remove = useDeleteCard({ meta: { handlesError: true } });
  const add = useAddCard({ meta: { handlesError: true } });

  const handleAdd = async () => {
    setAddError(null);
    setAdding(true);
    try {
      const paymentMethod = await entry.confirm();
      await add.mutateAsync({ payment_method: paymentMethod, user_id: userId });
      notify.success(t('errors:success.cardAdded'));
      entry.handle.current?.clear();
      await entry.intent.refetch();
    } catch (error) {
      // Spec §8: a card setup error shows the provider's message, beside the card entry.
      setAddError(errorText(error));
    } finally {
      setAdding(false);
    }
  };

  return (
    <>
      <Modal opened={opened && toDelete === null} onClose={onClose} title={t('cards.title')} centered size="lg">
        <Stack>
          {cards.length === 0 ? <EmptyState title={t('cards.empty')} /> : null}
          <Stack gap="xs" role="list" aria-label={t('cards.title')}>
            {cards.map((card) => {
              const isDefault = card.id === defaultId;
              return (
                <Group key={card.id} justify="space-between" role="listitem" wrap="wrap" data-testid={`card-${card.last4}`}>
                  <Group gap="xs">
                    <Text fw={600}>{t('pay.cardEnding', { brand: brandName(card.brand), last4: card.last4 })}</Text>
                    <Text size="sm" c="dimmed">
                      {t('pay.expires', { month: String(card.exp_month).padStart(2, '0'), year: card.exp_year })}
                    </Text>
                    {isDefault ? <Badge variant="light">{t('cards.default')}</Badge> : null}
                  </Group>
                  <Group gap="xs">
                    {!isDefault ? (
                      <Button
                        size="xs"
                        variant="light"
                        loading={setPrimary.isPending && setPrimary.variables?.id === card.id}
                        onClick={() =>
                          setPrimary.mutate(
                            { id: card.id, user_id: userId },
                            { onSuccess: () => notify.success(t('errors:success.cardSetDefault')), onError: (e) => notify.error(e) },
                          )
                        }
                      >
                        {t('cards.setDefault')}
                      </Button>
                    ) : null}
                    <Button
                      size="xs"
                      color="red"
                      variant="subtle"
                      aria-label={t('cards.deleteLabel', { brand: brandName(card.brand), last4: card.last4 })}
                      onClick={() => setToDelete(card)}
                    >
                      {t('cards.delete')}
                    </Button>
                  </Group>
                </Group>
              );
            })}
          </Stack>
          <Divider />
          <Title order={3} size="h5">
            {t('cards.addTitle')}
          </Title>
          <CardEntryField entry={entry} disabled={adding} />
          {addError ? (
            <Text c="red" size="sm" role="alert" data-testid="card-add-error">
              {addError}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button onClick={() => void handleAdd()} disabled={!entry.complete} loading={adding}>
              {t('cards.add')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmModal
        opened={toDelete !== null}
        title={t('cards.deleteConfirm.title')}
        confirmLabel={t('cards.deleteConfirm.confirm')}
        cancelLabel={t('cards.deleteConfirm.cancel')}
        destructive
        loading={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          remove.mutate(
            { payment_method: toDelete.id, user_id: userId },
            {
              onSuccess: () => notify.success(t('errors:success.cardDeleted')),
              // Spec §8: a failed deletion shows the server's error.
              onError: (e) => notify.error(e),
              onSettled: () => setToDelete(null),
            },
          )
        }
      >
        {toDelete ? t('cards.deleteConfirm.body', { brand: brandName(toDelete.brand), last4: toDelete.last4 }) : ''}
      </ConfirmModal>
    </>
  );
};
