import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppFrame } from '../shell/app-frame';
import { DEFAULT_THEME_OPTIONS } from '../shell/theme-options';
import { renderWithTheme } from './render';

const labels = { back: 'Back', openMenu: 'Open the menu', closeMenu: 'Close the menu', userMenu: 'Account', billing: 'Billing', profile: 'Profile', logout: 'Log out', home: 'Home', skipToContent: 'Skip to main content', navigation: 'Main menu' };

const frame = (navOpened: boolean, onCloseNav = vi.fn(), sidebarHidden = false) => {
  renderWithTheme(
    <MemoryRouter>
      <AppFrame
        logo={<span>Logo</span>}
        menu={[{ id: 'home', label: 'Dashboard', icon: 'home', to: '/' }]}
        activePath="/"
        user={null}
        loading={false}
        options={DEFAULT_THEME_OPTIONS}
        navOpened={navOpened}
        onToggleNav={vi.fn()}
        onCloseNav={onCloseNav}
        onNavigate={vi.fn()}
        sidebarHidden={sidebarHidden}
        backTo="/"
        billingTo="/billing"
        profileTo="/profile"
        onLogout={vi.fn()}
        labels={labels}
      >
        <p>Page</p>
      </AppFrame>
    </MemoryRouter>,
  );
  return onCloseNav;
};

describe('AppFrame menu drawer (≤ 1199 px)', () => {
  it('has its own close control inside the open menu', async () => {
    const onCloseNav = frame(true);
    const close = screen.getByRole('button', { name: 'Close the menu' });
    expect(close.closest('nav')).not.toBeNull();
    await userEvent.click(close);
    expect(onCloseNav).toHaveBeenCalledTimes(1);
  });

  it('closes on Esc and on a click beside it', async () => {
    const onCloseNav = frame(true);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(onCloseNav).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByTestId('nav-backdrop'));
    expect(onCloseNav).toHaveBeenCalledTimes(2);
  });

  it('leaves the page alone while the menu is closed', () => {
    const onCloseNav = frame(false);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(onCloseNav).not.toHaveBeenCalled();
    expect(screen.queryByTestId('nav-backdrop')).not.toBeInTheDocument();
  });
});

describe('AppFrame keyboard and landmarks (issue 32)', () => {
  it('takes the closed drawer out of the Tab order and says on the burger whether it is open', () => {
    frame(false);
    expect(screen.getByRole('button', { name: 'Open the menu' })).toHaveAttribute('aria-expanded', 'false');
    // jsdom matches no media query: the narrow layout, where the closed drawer is off-screen.
    expect(document.getElementById('app-navigation')).toHaveAttribute('inert');
  });

  it('gives the open drawer back to Tab and names its navigation landmark', () => {
    frame(true);
    expect(screen.getByRole('button', { name: 'Open the menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('navigation', { name: 'Main menu' })).not.toHaveAttribute('inert');
    expect(screen.getAllByRole('navigation')).toHaveLength(1);
  });

  it('starts with a skip link that moves focus to the main content', async () => {
    frame(false);
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
