import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MoneyText } from '../money-text';
import { renderWithTheme } from './render';

describe('MoneyText', () => {
  it('writes ringgit minor units with the RM prefix and two decimals', () => {
    renderWithTheme(<MoneyText amountMinor={129050} currency="MYR" />);
    expect(screen.getByText('RM 1,290.50')).toBeInTheDocument();
  });

  it('writes Taiwan dollars without decimals', () => {
    renderWithTheme(<MoneyText amountMinor={129000} currency="TWD" />);
    expect(screen.getByText('NT$1,290')).toBeInTheDocument();
  });

  it('drops zero decimals when asked, as plan prices do', () => {
    renderWithTheme(<MoneyText amountMinor={9900} currency="SGD" trimZeroDecimals />);
    expect(screen.getByText('S$99')).toBeInTheDocument();
  });
});
