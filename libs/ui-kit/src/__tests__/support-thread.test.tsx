import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SupportConversationList, SupportThread } from '../support-thread';
import { renderWithTheme } from './render';

const conversation = (id: number, subject: string, extra: Partial<{ unread: boolean; state: 'open' | 'answered' | 'closed' }> = {}) => ({
  id,
  subject,
  state: extra.state ?? 'open',
  unread: extra.unread ?? false,
  last_message_at: 1_772_000_000,
  created_at: 1_771_000_000,
  merchant: { user_id: 7, name: 'Lion City Goods', market: 'SG' },
  assignee: null,
});

describe('SupportConversationList', () => {
  it('links each subject to its conversation, marks unread ones and names the state, with the caller’s detail line', () => {
    renderWithTheme(
      <MemoryRouter>
        <SupportConversationList
          conversations={[conversation(3, 'Charged twice', { unread: true, state: 'answered' }), conversation(4, 'Invoice address')]}
          labels={{ unread: 'New reply', state: (state) => `state:${state}` }}
          detail={(c) => `${c.merchant?.name} · ${c.merchant?.market}`}
        />
      </MemoryRouter>,
    );
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByRole('link', { name: 'Charged twice' })).toHaveAttribute('href', '/support/3');
    expect(within(items[0]).getByText('New reply')).toBeInTheDocument();
    expect(within(items[0]).getByText('state:answered')).toBeInTheDocument();
    expect(within(items[1]).queryByText('New reply')).not.toBeInTheDocument();
    expect(within(items[1]).getByText('Lion City Goods · SG')).toBeInTheDocument();
  });
});

describe('SupportThread', () => {
  it('renders what people wrote as text, never as markup', () => {
    renderWithTheme(
      <SupportThread
        messages={[{ id: 1, author: 'merchant', author_name: null, body: '<img src=x onerror=alert(1)>', has_screenshot: true, created_at: 1_772_000_000 }]}
        screenshotUrl={(id) => `/shot/${id}`}
        labels={{ merchant: 'You', staff: 'Support', screenshot: 'Screenshot' }}
      />,
    );
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'Screenshot' })).toHaveAttribute('href', '/shot/1');
  });
});
