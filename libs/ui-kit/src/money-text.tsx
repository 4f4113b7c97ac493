import { Text } from '@mantine/core';
import type { TextProps } from '@mantine/core';
import type { CurrencyCode, MinorUnits } from '@merchant-hub/domain';
import { formatMoney } from '@merchant-hub/money';

export type MoneyTextProps = TextProps & {
  amountMinor: MinorUnits;
  currency: CurrencyCode;
  /** Drop `.00` on whole amounts, as plan prices do. */
  trimZeroDecimals?: boolean;
};

/** An amount in minor units written the way the currency is read (`RM 1,290.50`, `NT$1,290`). */
export const MoneyText = ({ amountMinor, currency, trimZeroDecimals = false, ...textProps }: MoneyTextProps) => (
  <Text component="span" inherit {...textProps}>
    {formatMoney(amountMinor, currency, { trimZeroDecimals })}
  </Text>
);
