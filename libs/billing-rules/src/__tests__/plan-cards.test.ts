import type { Package } from '@merchant-hub/domain';
import { effectiveRoles, isStaff, MAX_PLAN_CARDS, type PlanCard, visiblePlanCards } from '../index';
import { makePackage } from './fixtures';

const planIds = (cards: PlanCard[]): number[] => cards.flatMap((c) => (c.kind === 'plan' ? [c.pkg.id] : []));
const quote = { basic: [], features: [], report: [] };

describe('visiblePlanCards', () => {
  const catalog: Package[] = [
    makePackage({ id: 43, sort_order: 3 }),
    makePackage({ id: 41, sort_order: 1 }),
    makePackage({ id: 42, sort_order: 2, hide: true }),
    makePackage({ id: 44, sort_order: 1, billing_period: 'yearly' }),
    makePackage({ id: 45, sort_order: 0, is_addon: true }),
  ];

  it('shows a merchant the non-hidden plans of the period, sorted, then the placeholder', () => {
    const cards = visiblePlanCards({ packages: catalog, period: 'monthly', isStaff: false });
    expect(planIds(cards)).toEqual([41, 43]);
    expect(cards.at(-1)).toEqual({ kind: 'placeholder', period: 'monthly' });
    expect(cards).toHaveLength(3);
  });

  it('shows staff the hidden plans too', () => {
    expect(planIds(visiblePlanCards({ packages: catalog, period: 'monthly', isStaff: true }))).toEqual([41, 42, 43]);
  });

  it('lists the other period on its own tab', () => {
    const cards = visiblePlanCards({ packages: catalog, period: 'yearly', isStaff: false });
    expect(planIds(cards)).toEqual([44]);
    expect(cards.at(-1)).toEqual({ kind: 'placeholder', period: 'yearly' });
  });

  it('breaks sort_order ties by id', () => {
    const tied = [makePackage({ id: 52, sort_order: 1 }), makePackage({ id: 51, sort_order: 1 })];
    expect(planIds(visiblePlanCards({ packages: tied, period: 'monthly', isStaff: false }))).toEqual([51, 52]);
  });

  it('hides priced plans once five are shown', () => {
    const many = [1, 2, 3, 4, 5, 6, 7].map((n) => makePackage({ id: 60 + n, sort_order: n }));
    const cards = visiblePlanCards({ packages: many, period: 'monthly', isStaff: false });
    expect(MAX_PLAN_CARDS).toBe(5);
    expect(planIds(cards)).toEqual([61, 62, 63, 64, 65]);
  });

  it('keeps a Call for Quote plan after five priced plans', () => {
    const many = [1, 2, 3, 4, 5, 6].map((n) => makePackage({ id: 70 + n, sort_order: n }));
    const custom = makePackage({ id: 79, sort_order: 9, descriptions: quote });
    const cards = visiblePlanCards({ packages: [...many, custom], period: 'monthly', isStaff: false });
    expect(planIds(cards)).toEqual([71, 72, 73, 74, 75, 79]);
    expect(cards[5]).toEqual({ kind: 'plan', pkg: custom, callForQuote: true });
  });

  it('flags only plans without a report list as Call for Quote', () => {
    const priced = makePackage({ id: 81, sort_order: 1 });
    const custom = makePackage({ id: 82, sort_order: 2, descriptions: quote });
    const cards = visiblePlanCards({ packages: [priced, custom], period: 'monthly', isStaff: false });
    expect(cards.slice(0, 2)).toEqual([
      { kind: 'plan', pkg: priced, callForQuote: false },
      { kind: 'plan', pkg: custom, callForQuote: true },
    ]);
  });

  it('still appends the placeholder to an empty period', () => {
    expect(visiblePlanCards({ packages: [], period: 'yearly', isStaff: false })).toEqual([
      { kind: 'placeholder', period: 'yearly' },
    ]);
  });
});

describe('roles', () => {
  it.each([
    ['superadmin', [{ name: 'superadmin' }], true],
    ['support', ['support'], true],
    ['a merchant', [{ name: 'main_user' }], false],
    ['a chat-only user', ['chat_store_staff'], false],
    ['an empty list', [], false],
    ['no list at all', undefined, false],
  ] as const)('isStaff for %s', (_name, roles, expected) => {
    expect(isStaff(roles)).toBe(expected);
  });

  it('treats a missing role list as main_user and keeps an empty one empty', () => {
    expect(effectiveRoles(null)).toEqual(['main_user']);
    expect(effectiveRoles(undefined)).toEqual(['main_user']);
    expect(effectiveRoles([])).toEqual([]);
    expect(effectiveRoles([{ name: 'support' }, 'superadmin'])).toEqual(['support', 'superadmin']);
  });
});
