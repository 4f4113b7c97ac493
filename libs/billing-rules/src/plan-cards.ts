import type { BillingPeriod, Package, Role, RoleName } from '@merchant-hub/domain';
import { STAFF_ROLES } from '@merchant-hub/domain';

/** Spec §2 and §9: at most five priced plan cards per period. */
export const MAX_PLAN_CARDS = 5;

export type PlanCard =
  | { kind: 'plan'; pkg: Package; callForQuote: boolean }
  /** The card appended to every period list (spec §2). */
  | { kind: 'placeholder'; period: BillingPeriod };

/** Roles as the user record carries them, or bare names; null/undefined means the user has no role list. */
export type RolesInput = readonly (Role | RoleName)[] | null | undefined;

/** Spec §6: "with no list the role is main_user". An empty list stays empty (sign-in refuses it). */
export const effectiveRoles = (roles: RolesInput): RoleName[] =>
  roles === null || roles === undefined ? ['main_user'] : roles.map((r) => (typeof r === 'string' ? r : r.name));

/** superadmin and support count as support staff (spec §6). */
export const isStaff = (roles: RolesInput): boolean =>
  effectiveRoles(roles).some((name) => (STAFF_ROLES as readonly RoleName[]).includes(name));

const hasReportList = (pkg: Package): boolean => pkg.descriptions.report.length > 0;

/**
 * The plan cards of one period tab, sorted by sort_order (id breaks ties so the order is stable).
 * Staff see hidden plans, others do not; add-on packages are never plan cards. Spec §6 says "a plan with a
 * report list is hidden once five plans are shown": a plan without a report list (Call for Quote) is
 * therefore never dropped by the cap, while priced plans stop at five shown cards.
 */
export const visiblePlanCards = (input: {
  packages: readonly Package[];
  period: BillingPeriod;
  isStaff: boolean;
}): PlanCard[] => {
  const candidates = input.packages
    .filter((p) => p.billing_period === input.period && p.is_addon !== true && (input.isStaff || !p.hide))
    .sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);
  const cards: PlanCard[] = [];
  for (const pkg of candidates) {
    const callForQuote = !hasReportList(pkg);
    if (!callForQuote && cards.length >= MAX_PLAN_CARDS) continue;
    cards.push({ kind: 'plan', pkg, callForQuote });
  }
  cards.push({ kind: 'placeholder', period: input.period });
  return cards;
};
