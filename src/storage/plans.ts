// Subscription plans and their monthly generation limits (DECISIONS.md "Accounts, plans, keys").
// In: a plan name. Out: whether it is known, and its monthly limit (null = unlimited).

/** Plan names, in price order. */
export const PLANS = ['free', 'starter', 'pro', 'scale', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

const LIMITS: Record<Plan, number | null> = {
  free: 300,
  starter: 300,
  pro: 3000,
  scale: 15000,
  enterprise: null,
};

/** True when `name` is one of PLANS. */
export function isPlan(name: unknown): name is Plan {
  return typeof name === 'string' && (PLANS as readonly string[]).includes(name);
}

/** Generations allowed per calendar month (UTC) on `plan`; null means unlimited. */
export function monthlyLimit(plan: Plan): number | null {
  return LIMITS[plan];
}
