// The eight OAuth scopes of the tool server, declared once: the authorization server advertises and
// grants these, the consent and device pages describe them, and the MCP server enforces them.

export const SCOPES = [
  { name: 'profile:read', description: 'View your profile facts, benchmarks and remaining onboarding steps' },
  { name: 'profile:write', description: 'Update your profile facts, body weight, timezone and benchmarks' },
  { name: 'workouts:read', description: 'View your scheduled and completed workouts and training plans' },
  { name: 'workouts:write', description: 'Create, update, complete and delete your scheduled or completed workouts' },
  { name: 'integrations:read', description: 'View your connected and available fitness integrations' },
  {
    name: 'integrations:write',
    description:
      'Connect and disconnect fitness integrations (Apple Health and Health Connect cannot be connected: they need a native app Pacewise does not have)',
  },
  { name: 'health:read', description: 'View health data synced from your connected devices' },
  { name: 'health:write', description: 'Record health data into your account' },
] as const;

export type ScopeName = (typeof SCOPES)[number]['name'];

export const SCOPE_NAMES: readonly ScopeName[] = SCOPES.map((s) => s.name);

const known = new Set<string>(SCOPE_NAMES);

export function isScopeName(value: string): value is ScopeName {
  return known.has(value);
}

export function describeScope(name: string): string {
  return SCOPES.find((s) => s.name === name)?.description ?? name;
}

/** Splits a space-delimited `scope` value; an absent or blank value means all eight (the contract's default). */
export function requestedScopes(scope: string | undefined | null): { scopes: string[]; unknown: string[] } {
  const parts = (scope ?? '').split(' ').filter(Boolean);
  if (parts.length === 0) return { scopes: [...SCOPE_NAMES], unknown: [] };
  const unique = [...new Set(parts)];
  return { scopes: unique.filter(isScopeName), unknown: unique.filter((s) => !isScopeName(s)) };
}
