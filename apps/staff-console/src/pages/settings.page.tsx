import { Button, Card, Container, Group, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isApiError, useConsoleSettings, useStaffMe, useUpdateConsoleSettings } from '@merchant-hub/api-client';
import { formatMoney, parseMoney } from '@merchant-hub/money';
import { DateText, ErrorState, PageLoader, usePageTitle } from '@merchant-hub/ui-kit';
import {
  APPROVAL_CURRENCIES,
  APPROVAL_WINDOW_HOURS_MAX,
  APPROVAL_WINDOW_HOURS_MIN,
  consoleSettingsUpdateSchema,
  INBOX_TARGET_HOURS_MAX,
  INBOX_TARGET_HOURS_MIN,
  type ApprovalCurrency,
  type ConsoleSettings,
} from '@merchant-hub/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminReason } from '../components/admin-reason';

type Draft = { thresholds: Record<ApprovalCurrency, string>; windowHours: number | string; targetHours: number | string };
type FieldErrors = Partial<Record<ApprovalCurrency | 'windowHours' | 'targetHours', string>>;

const draftOf = (settings: ConsoleSettings): Draft => ({
  thresholds: Object.fromEntries(APPROVAL_CURRENCIES.map((currency) => [currency, formatMoney(settings.approval_threshold_minor[currency] ?? 0, currency, { withSymbol: false })])) as Record<ApprovalCurrency, string>,
  windowHours: settings.approval_window_hours,
  targetHours: settings.inbox_reply_target_hours,
});

/** The API's field path (`approval_threshold_minor.MYR`, `approval_window_hours`) as the form's field. */
const fieldOf = (path: string): keyof FieldErrors | null => {
  const [head, currency] = path.split('.');
  if (head === 'approval_threshold_minor' && (APPROVAL_CURRENCIES as readonly string[]).includes(currency ?? '')) return currency as ApprovalCurrency;
  return head === 'approval_window_hours' ? 'windowHours' : head === 'inbox_reply_target_hours' ? 'targetHours' : null;
};

const SettingsForm = ({ settings, canEdit }: { settings: ConsoleSettings; canEdit: boolean }) => {
  const { t } = useTranslation(['staff', 'validation']);
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateConsoleSettings({ meta: { handlesError: true } });
  const reasons = useAdminReason();

  /** The draft as the API's body (amounts parsed with libs/money), or the errors that stop it, checked by the shared schema. */
  const check = (): { body: Omit<Parameters<typeof update.mutateAsync>[0], 'reason'> | null; errors: FieldErrors } => {
    const found: FieldErrors = {};
    const thresholds = {} as Record<ApprovalCurrency, number>;
    for (const currency of APPROVAL_CURRENCIES) {
      const parsed = parseMoney(draft.thresholds[currency], currency);
      if (parsed.ok) thresholds[currency] = parsed.value;
      else found[currency] = t(`staff:ops.credit.amountError.${parsed.error}`);
    }
    const body = { approval_threshold_minor: thresholds, approval_window_hours: draft.windowHours, inbox_reply_target_hours: draft.targetHours };
    const result = consoleSettingsUpdateSchema.omit({ reason: true }).safeParse(body);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = fieldOf(issue.path.join('.'));
        if (field && !found[field]) found[field] = t(issue.message);
      }
    }
    return { body: Object.keys(found).length === 0 && result.success ? result.data : null, errors: found };
  };

  const handleSave = (event: React.FormEvent) => {
    event.preventDefault();
    const { body, errors: found } = check();
    setErrors(found);
    if (!body) return;
    reasons.ask({
      title: t('staff:settings.confirmTitle'),
      description: t('staff:settings.confirmDescription'),
      confirmLabel: t('staff:settings.save'),
      run: (reason) =>
        update.mutateAsync({ ...body, reason }).then(
          (saved) => {
            setDraft(draftOf(saved));
            notifications.show({ color: 'green', message: t('staff:settings.saved') });
          },
          (error: unknown) => {
            const fields = isApiError(error) ? (error.details as { fields?: Record<string, string> } | undefined)?.fields : undefined;
            const server: FieldErrors = {};
            for (const [path, key] of Object.entries(fields ?? {})) {
              const field = fieldOf(path);
              if (field) server[field] = t(key);
            }
            if (Object.keys(server).length > 0) {
              setErrors(server);
              return;
            }
            throw error;
          },
        ),
    });
  };

  const hoursField = (field: 'windowHours' | 'targetHours', label: string, min: number, max: number) => (
    <NumberInput
      label={label}
      description={t('staff:settings.hoursRange', { min, max })}
      value={draft[field]}
      onChange={(value) => setDraft((current) => ({ ...current, [field]: value }))}
      error={errors[field]}
      readOnly={!canEdit}
      allowDecimal={false}
      allowNegative={false}
      maw={260}
    />
  );

  return (
    <form onSubmit={handleSave} noValidate>
      <Stack gap="md">
        <Card withBorder radius="md" padding="md" aria-labelledby="approval-settings">
          <Stack gap="sm">
            <Title order={2} size="h4" id="approval-settings">
              {t('staff:settings.approvals.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('staff:settings.approvals.description')}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
              {APPROVAL_CURRENCIES.map((currency) => (
                <TextInput
                  key={currency}
                  label={t('staff:settings.approvals.threshold', { currency })}
                  value={draft.thresholds[currency]}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setDraft((current) => ({ ...current, thresholds: { ...current.thresholds, [currency]: value } }));
                  }}
                  error={errors[currency]}
                  readOnly={!canEdit}
                  inputMode="decimal"
                />
              ))}
            </SimpleGrid>
            {hoursField('windowHours', t('staff:settings.approvals.window'), APPROVAL_WINDOW_HOURS_MIN, APPROVAL_WINDOW_HOURS_MAX)}
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="md" aria-labelledby="inbox-settings">
          <Stack gap="sm">
            <Title order={2} size="h4" id="inbox-settings">
              {t('staff:settings.inbox.title')}
            </Title>
            {hoursField('targetHours', t('staff:settings.inbox.target'), INBOX_TARGET_HOURS_MIN, INBOX_TARGET_HOURS_MAX)}
          </Stack>
        </Card>
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed" data-testid="settings-changed">
            {settings.updated_by && settings.updated_at ? (
              <>
                {t('staff:settings.changedBy', { name: settings.updated_by.name })} <DateText value={settings.updated_at} size="sm" span />
              </>
            ) : (
              t('staff:settings.defaults')
            )}
          </Text>
          {canEdit ? (
            <Button type="submit" loading={update.isPending}>
              {t('staff:settings.save')}
            </Button>
          ) : (
            <Text size="sm">{t('staff:settings.superadminOnly')}</Text>
          )}
        </Group>
        {reasons.modal}
      </Stack>
    </form>
  );
};

/** /settings: the four-eyes threshold per currency and its window, the inbox's waiting-time target. Superadmins edit; other staff read. */
export const SettingsPage = () => {
  const { t } = useTranslation('staff');
  usePageTitle(t('settings.title'));
  const me = useStaffMe();
  const settings = useConsoleSettings({ meta: { handlesError: true } });
  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('settings.title')}
        </Title>
        {settings.isPending ? (
          <PageLoader label={t('settings.loading')} />
        ) : settings.isError ? (
          <ErrorState title={t('settings.loadFailed')} onRetry={() => void settings.refetch()} retryLabel={t('common.retry')} />
        ) : (
          <SettingsForm key={settings.data.updated_at ?? 0} settings={settings.data} canEdit={me.data?.role === 'superadmin'} />
        )}
      </Stack>
    </Container>
  );
};
