import { Anchor, Modal } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app-providers';

describe('AppProviders (issue 32)', () => {
  it("names every modal's close button with the caller's translated text", async () => {
    render(
      <AppProviders labels={{ close: '關閉' }}>
        <Modal opened onClose={() => undefined} title="Apply Coupon">
          <p>Body</p>
        </Modal>
      </AppProviders>,
    );
    expect(await screen.findByRole('button', { name: '關閉' })).toBeInTheDocument();
  });

  it('gives a modal no second banner landmark', async () => {
    render(
      <AppProviders labels={{ close: 'Close' }}>
        <Modal opened onClose={() => undefined} title="Billing History">
          <p>Body</p>
        </Modal>
      </AppProviders>,
    );
    await screen.findByRole('dialog');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('underlines links by default, so a link in text is not told apart by colour alone', () => {
    render(
      <AppProviders>
        <Anchor href="/signin">Sign in</Anchor>
      </AppProviders>,
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('data-underline', 'always');
  });
});
