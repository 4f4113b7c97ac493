import { Alert, Group, Input, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { Ref } from 'react';
import {
  checkCardEntry,
  digitsOf,
  expectedCvcLength,
  firstCardError,
  formatCardNumber,
  formatExpiry,
  parseExpiry,
} from './card-validation';
import type { CardEntry, CardEntryError, CardEntryField } from './card-validation';
import { loadStripeJs, stripeLocaleOf } from './stripe-js';
import type { StripeCardElement, StripeInstance } from './stripe-js';

export type CardFieldGateway = 'sandbox' | 'stripe';

export type CardFieldLabels = {
  number: string;
  expiry: string;
  cvc: string;
  loading: string;
  loadFailed: string;
  errors: Readonly<Record<CardEntryError, string>>;
};

/** What the parent needs to enable its button and show the first error. */
export type CardFieldState = { complete: boolean; error: string | null };

export type SandboxCardDetails = { number: string; exp_month: number; exp_year: number; cvc: string };

export type CardConfirmInput = {
  /** The setup intent's secret (Stripe confirms the card against it). */
  clientSecret: string;
  /** Sandbox gateway: turns the typed card into a payment method (POST /api/sandbox/payment-methods). */
  createSandboxPaymentMethod: (card: SandboxCardDetails) => Promise<{ id: string }>;
};

export type CardFieldHandle = {
  /** Confirms the entry with the gateway and resolves with the payment method id; rejects with the provider's message. */
  confirm: (input: CardConfirmInput) => Promise<string>;
  clear: () => void;
};

export type CardFieldProps = {
  gateway: CardFieldGateway;
  /** Required with the Stripe gateway. */
  publishableKey?: string;
  labels: CardFieldLabels;
  onChange?: (state: CardFieldState) => void;
  disabled?: boolean;
  ref?: Ref<CardFieldHandle>;
};

const EMPTY: CardEntry = { number: '', expiry: '', cvc: '' };

/**
 * One card entry for every billing screen: Stripe Elements when the API runs the Stripe gateway, otherwise a
 * sandbox form (number, expiry, CVC) with the same completeness rules, Luhn check and first-error display.
 */
export const CardField = ({ gateway, ...rest }: CardFieldProps) =>
  gateway === 'stripe' ? <StripeCardField {...rest} /> : <SandboxCardField {...rest} />;

const SandboxCardField = ({ labels, onChange, disabled, ref }: Omit<CardFieldProps, 'gateway' | 'publishableKey'>) => {
  const [entry, setEntry] = useState<CardEntry>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<CardEntryField, boolean>>>({});
  const check = checkCardEntry(entry, touched);
  const firstError = firstCardError(check);
  const errorText = firstError ? labels.errors[firstError] : null;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    onChangeRef.current?.({ complete: check.complete, error: errorText });
  }, [check.complete, errorText]);

  useImperativeHandle(
    ref,
    () => ({
      confirm: async ({ createSandboxPaymentMethod }) => {
        const expiry = parseExpiry(entry.expiry);
        if (!check.complete || expiry === null) throw new Error(errorText ?? labels.errors.numberIncomplete);
        const method = await createSandboxPaymentMethod({
          number: digitsOf(entry.number),
          exp_month: expiry.month,
          exp_year: expiry.year,
          cvc: digitsOf(entry.cvc),
        });
        return method.id;
      },
      clear: () => {
        setEntry(EMPTY);
        setTouched({});
      },
    }),
    [entry, check.complete, errorText, labels.errors.numberIncomplete],
  );

  const touch = (field: CardEntryField) => () => setTouched((t) => ({ ...t, [field]: true }));
  const errorId = 'card-field-error';
  const invalid = (field: CardEntryField) => check.errors[field] !== undefined;

  return (
    <Stack gap={6}>
      <TextInput
        label={labels.number}
        value={entry.number}
        onChange={(e) => {
          const number = formatCardNumber(e.currentTarget.value);
          setEntry((v) => ({ ...v, number }));
        }}
        onBlur={touch('number')}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        disabled={disabled}
        error={invalid('number')}
        aria-describedby={errorText ? errorId : undefined}
      />
      <Group grow gap="sm" align="flex-start">
        <TextInput
          label={labels.expiry}
          value={entry.expiry}
          onChange={(e) => {
            const raw = e.currentTarget.value;
            // Deleting the separator must delete a digit, not re-insert the separator.
            const next = raw.length < entry.expiry.length && entry.expiry.endsWith(' / ') ? digitsOf(raw).slice(0, 1) : formatExpiry(raw);
            setEntry((v) => ({ ...v, expiry: next }));
          }}
          onBlur={touch('expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          disabled={disabled}
          error={invalid('expiry')}
          aria-describedby={errorText ? errorId : undefined}
        />
        <TextInput
          label={labels.cvc}
          value={entry.cvc}
          onChange={(e) => {
            const cvc = digitsOf(e.currentTarget.value).slice(0, expectedCvcLength(digitsOf(entry.number)));
            setEntry((v) => ({ ...v, cvc }));
          }}
          onBlur={touch('cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="CVC"
          disabled={disabled}
          error={invalid('cvc')}
          aria-describedby={errorText ? errorId : undefined}
        />
      </Group>
      {errorText ? (
        <Input.Error id={errorId} role="alert">
          {errorText}
        </Input.Error>
      ) : null}
    </Stack>
  );
};

type StripeStatus = 'loading' | 'ready' | 'failed';

const StripeCardField = ({ publishableKey, labels, onChange, ref }: Omit<CardFieldProps, 'gateway'>) => {
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<StripeInstance | null>(null);
  const elementRef = useRef<StripeCardElement | null>(null);
  const [status, setStatus] = useState<StripeStatus>('loading');
  const [error, setError] = useState<string | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    let cancelled = false;
    if (!publishableKey) {
      setStatus('failed');
      return undefined;
    }
    loadStripeJs()
      .then((factory) => {
        if (cancelled || !mountRef.current) return;
        const stripe = factory(publishableKey);
        const element = stripe.elements({ locale: stripeLocaleOf(document.documentElement.lang) }).create('card', { hidePostalCode: true });
        element.on('change', (change) => {
          const message = change.error?.message ?? null;
          setError(message);
          onChangeRef.current?.({ complete: change.complete, error: message });
        });
        element.mount(mountRef.current);
        stripeRef.current = stripe;
        elementRef.current = element;
        setStatus('ready');
      })
      .catch(() => {
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
      elementRef.current?.destroy();
      elementRef.current = null;
    };
  }, [publishableKey]);

  useImperativeHandle(
    ref,
    () => ({
      confirm: async ({ clientSecret }) => {
        const stripe = stripeRef.current;
        const card = elementRef.current;
        if (!stripe || !card) throw new Error(labels.loadFailed);
        const result = await stripe.confirmCardSetup(clientSecret, { payment_method: { card } });
        if (result.error) throw new Error(result.error.message ?? labels.errors.numberInvalid);
        const method = result.setupIntent?.payment_method;
        if (!method) throw new Error(labels.loadFailed);
        return typeof method === 'string' ? method : method.id;
      },
      clear: () => undefined,
    }),
    [labels.loadFailed, labels.errors.numberInvalid],
  );

  return (
    <Stack gap={6}>
      <Input.Label>{labels.number}</Input.Label>
      {status === 'loading' ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {labels.loading}
          </Text>
        </Group>
      ) : null}
      {status === 'failed' ? <Alert color="red">{labels.loadFailed}</Alert> : null}
      <div ref={mountRef} style={{ padding: '10px 12px', border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }} />
      {error ? <Input.Error role="alert">{error}</Input.Error> : null}
    </Stack>
  );
};
