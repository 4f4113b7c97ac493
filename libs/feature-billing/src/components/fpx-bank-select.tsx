import { Select } from '@mantine/core';
import { FPX_BANKS, type FpxBankCode } from '@merchant-hub/validation';
import { useTranslation } from 'react-i18next';

/** The bank picker's rows: Stripe's FPX bank codes, named as the banks name their online banking. */
const BANK_OPTIONS = FPX_BANKS.map((entry) => ({ value: entry.code, label: entry.name }));

export type FpxBankSelectProps = { value: FpxBankCode | null; onChange: (bank: FpxBankCode | null) => void };

/** Choosing the bank an FPX payment is made from (late subscribe, paying a past-due invoice). */
export const FpxBankSelect = ({ value, onChange }: FpxBankSelectProps) => {
  const { t } = useTranslation('billing');
  return (
    <Select
      label={t('lateSubscribe.bank')}
      placeholder={t('lateSubscribe.bankPlaceholder')}
      data={BANK_OPTIONS}
      value={value}
      onChange={(code) => onChange(FPX_BANKS.find((entry) => entry.code === code)?.code ?? null)}
      searchable
    />
  );
};
