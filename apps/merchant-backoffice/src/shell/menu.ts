import type { MenuEntry } from '@merchant-hub/ui-kit';
import type { TFunction } from 'i18next';
import { PATHS } from '../app/gating';

/** The product's real destinations, and nothing else (the spec's template demo menus are left out). */
export const buildMenu = (t: TFunction<'shell'>): MenuEntry[] => [
  { id: 'home', label: t('menu.home'), icon: 'home', to: PATHS.home },
  {
    id: 'billing',
    label: t('menu.billingGroup'),
    icon: 'billing',
    children: [
      { id: 'subscription', label: t('menu.subscription'), icon: 'billing', to: PATHS.billing },
      { id: 'sales-channels', label: t('menu.salesChannels'), icon: 'channels', to: PATHS.usageAddOn, badge: t('menu.newBadge') },
    ],
  },
  {
    id: 'account',
    label: t('menu.account'),
    icon: 'user',
    children: [{ id: 'personal', label: t('menu.personal'), icon: 'user', to: PATHS.personal }],
  },
  { id: 'terms', label: t('menu.terms'), icon: 'document', to: PATHS.terms },
];
