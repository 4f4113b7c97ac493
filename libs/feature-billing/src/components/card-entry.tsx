import { Alert, Loader } from '@mantine/core';
import { createLateSubscribeIntent, createSandboxPaymentMethod, createSetupIntent, fetchCheckoutConfig, useHttpClient } from '@merchant-hub/api-client';
import type { SetupIntent } from '@merchant-hub/api-client';
import { CardField } from '@merchant-hub/ui-kit';
import type { CardFieldHandle, CardFieldLabels, CardFieldState } from '@merchant-hub/ui-kit';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../notify';

export const useCardFieldLabels = (): CardFieldLabels => {
  const { t } = useTranslation('billing');
  return {
    number: t('cardField.number'),
    expiry: t('cardField.expiry'),
    cvc: t('cardField.cvc'),
    loading: t('cardField.loading'),
    loadFailed: t('cardField.loadFailed'),
    errors: {
      numberIncomplete: t('cardField.errors.numberIncomplete'),
      numberInvalid: t('cardField.errors.numberInvalid'),
      expiryIncomplete: t('cardField.errors.expiryIncomplete'),
      expiryInvalid: t('cardField.errors.expiryInvalid'),
      expiryPast: t('cardField.errors.expiryPast'),
      cvcIncomplete: t('cardField.errors.cvcIncomplete'),
    },
  };
};

/**
 * A card entry bound to a fresh setup intent and the API's gateway (Stripe Elements or the sandbox form);
 * `confirm` turns the entry into a payment method id for add-card or late-subscribe.
 */
export const useCardEntry = (input: { userId?: number; purpose: 'add-card' | 'late-subscribe'; enabled?: boolean }) => {
  const http = useHttpClient();
  const handle = useRef<CardFieldHandle>(null);
  const [state, setState] = useState<CardFieldState>({ complete: false, error: null });
  const intent = useQuery<SetupIntent>({
    queryKey: ['billing', 'setup-intent', input.purpose, input.userId ?? 'self'],
    queryFn: async () => {
      // Which gateway runs comes from the API (GET checkout/config); without an answer the sandbox form is used.
      const [intent, config] = await Promise.all([
        input.purpose === 'late-subscribe' ? createLateSubscribeIntent(http, input) : createSetupIntent(http, input),
        fetchCheckoutConfig(http).catch(() => null),
      ]);
      return {
        ...intent,
        gateway: intent.gateway ?? config?.gateway ?? 'sandbox',
        publishable_key: intent.publishable_key ?? config?.stripePublishableKey,
      };
    },
    enabled: input.enabled !== false,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    meta: { handlesError: true },
  });
  const confirm = async (): Promise<string> => {
    if (!intent.data || !handle.current) throw new Error('Card entry is not ready');
    return handle.current.confirm({
      clientSecret: intent.data.client_secret,
      createSandboxPaymentMethod: (card) => createSandboxPaymentMethod(http, card),
    });
  };
  return { handle, state, setState, intent, confirm, complete: state.complete && intent.isSuccess };
};

export type CardEntry = ReturnType<typeof useCardEntry>;

export const CardEntryField = ({ entry, disabled }: { entry: CardEntry; disabled?: boolean }) => {
  const labels = useCardFieldLabels();
  const errorText = useErrorText();
  if (entry.intent.isPending) return <Loader size="sm" aria-label={labels.loading} />;
  if (entry.intent.isError) return <Alert color="red">{errorText(entry.intent.error)}</Alert>;
  return (
    <CardField
      ref={entry.handle}
      gateway={entry.intent.data.gateway ?? 'sandbox'}
      publishableKey={entry.intent.data.publishable_key}
      labels={labels}
      onChange={entry.setState}
      disabled={disabled}
    />
  );
};
