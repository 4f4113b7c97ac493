import { Button, Card, Group, List, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import { useAdvanceMerchantClock, useMerchantClock } from '@merchant-hub/api-client';
import { StaffReasonModal } from '@merchant-hub/feature-billing';
import type { ClockAdvanceInput, ClockAdvanceResult } from '@merchant-hub/validation';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReadOnly } from '../app/read-only';
import { useIdempotencyKey } from './use-idempotency-key';

type Advance = ClockAdvanceInput['by'];
type CustomUnit = 'days' | 'months';

const dateTime = (unix: number) => dayjs.unix(unix).format('DD/MM/YYYY HH:mm');

/**
 * Sandbox only, like Stripe's test clocks: move this merchant's clock forward and see what that did (renewals,
 * retries, scheduled changes applied, cancellations). The API answers 404 outside the sandbox: no panel then.
 */
export const ClockPanel = ({ userId }: { userId: number }) => {
  const { t } = useTranslation('staff');
  const readOnly = useReadOnly();
  const clock = useMerchantClock(userId);
  const advance = useAdvanceMerchantClock({ meta: { handlesError: true } });
  const keyFor = useIdempotencyKey();
  const [pending, setPending] = useState<Advance | null>(null);
  const [amount, setAmount] = useState<number | string>(2);
  const [unit, setUnit] = useState<CustomUnit>('days');
  const [result, setResult] = useState<ClockAdvanceResult | null>(null);
  if (!clock.data) return null;

  const handleConfirm = (reason: string) => {
    if (!pending) return;
    const input = { by: pending, reason };
    advance.mutate(
      { userId, ...input, idempotencyKey: keyFor(input) },
      {
        onSuccess: (answer) => {
          setResult(answer);
          setPending(null);
        },
      },
    );
  };
  const customAmount = typeof amount === 'number' ? amount : Number.parseInt(amount, 10);
  const describe = (by: Advance): string =>
    'to' in by ? t('merchant.clock.toNextRenewal') : by.months ? t('merchant.clock.byMonths', { count: by.months }) : t('merchant.clock.byDays', { count: by.days ?? 0 });

  return (
    <Card withBorder radius="md" padding="lg" data-testid="clock-panel">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('merchant.clock.title')}
          </Title>
          <Text size="xs" c="dimmed">
            {t('merchant.clock.sandboxOnly')}
          </Text>
        </Group>
        <Text size="sm">
          {t('merchant.clock.now')}: <b>{dateTime(clock.data.now)}</b>
        </Text>
        <Text size="sm" c="dimmed">
          {t('merchant.clock.nextRenewal')}: {clock.data.next_renewal_at ? dateTime(clock.data.next_renewal_at) : '—'}
        </Text>
        {readOnly ? null : (
          <>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={() => setPending({ days: 1 })}>
            {t('merchant.clock.plusDay')}
          </Button>
          <Button variant="default" size="xs" onClick={() => setPending({ months: 1 })}>
            {t('merchant.clock.plusMonth')}
          </Button>
          <Button variant="default" size="xs" disabled={!clock.data.next_renewal_at} onClick={() => setPending({ to: 'next_renewal' })}>
            {t('merchant.clock.toNextRenewal')}
          </Button>
        </Group>
        <Group gap="xs" align="flex-end">
          <NumberInput label={t('merchant.clock.customAmount')} value={amount} onChange={setAmount} min={1} max={unit === 'days' ? 3660 : 120} w={110} size="xs" allowDecimal={false} />
          <Select
            label={t('merchant.clock.customUnit')}
            value={unit}
            onChange={(value) => setUnit(value === 'months' ? 'months' : 'days')}
            data={[
              { value: 'days', label: t('merchant.clock.unit.days') },
              { value: 'months', label: t('merchant.clock.unit.months') },
            ]}
            allowDeselect={false}
            w={120}
            size="xs"
          />
          <Button size="xs" disabled={!Number.isInteger(customAmount) || customAmount < 1} onClick={() => setPending({ [unit]: customAmount })}>
            {t('merchant.clock.advance')}
          </Button>
        </Group>
          </>
        )}
        {result ? (
          <Stack gap={4} data-testid="clock-effects">
            <Text size="sm" fw={600}>
              {t('merchant.clock.effectsTitle', { date: dateTime(result.now) })}
            </Text>
            {result.effects.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('merchant.clock.noEffects')}
              </Text>
            ) : (
              <List size="sm" spacing={2}>
                {result.effects.map((effect) => (
                  <List.Item key={`${effect.kind}-${effect.at}-${effect.title_key}`}>
                    {dateTime(effect.at)} · {t(effect.title_key, effect.params)}
                  </List.Item>
                ))}
              </List>
            )}
          </Stack>
        ) : null}
      </Stack>
      <StaffReasonModal
        opened={pending !== null}
        title={t('merchant.clock.confirmTitle')}
        confirmLabel={t('merchant.clock.advance')}
        loading={advance.isPending}
        error={advance.error}
        onConfirm={handleConfirm}
        onClose={() => {
          setPending(null);
          advance.reset();
        }}
      >
        {pending ? describe(pending) : ''}
      </StaffReasonModal>
    </Card>
  );
};
