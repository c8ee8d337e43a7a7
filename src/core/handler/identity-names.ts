/** What a field name says about who is calling: identity, authority, or a credential. */
export type IdentityKind = "identity" | "authority" | "credential";

/** Names as word lists; `tenant_id`, `tenantId` and `tenant-id` all become `tenant id`. */
const DEFAULT_NAMES: Record<IdentityKind, string[]> = {
  identity: [
    "tenant", "tenant id", "org", "org id", "organization", "organization id", "organisation", "organisation id",
    "account", "account id", "workspace", "workspace id", "team", "team id", "user id", "actor", "actor id",
    "caller", "caller id", "acting user", "acting user id", "current user", "current user id", "on behalf of",
    "impersonate", "as user",
    // Slugs, keys and names that select a tenant as surely as its id does.
    // `accountName` selects the account (identity-context.ts lets it go where an account is created); an
    // organisation's or workspace's name is more often a label to set.
    "tenant slug", "tenant key", "org slug", "org key", "organization slug", "organization key", "organisation slug",
    "workspace slug", "workspace key", "account slug", "account key", "account name",
  ],
  authority: ["role", "roles", "is admin", "admin", "permission", "permissions", "scope", "scopes", "is superuser", "privileges"],
  credential: [
    "api key", "apikey", "token", "access token", "auth token", "bearer token", "refresh token", "id token",
    "password", "passwd", "secret", "client secret", "private key", "session token", "credentials",
  ],
};

const wordsCache = new Map<string, string>();

/** Splits camelCase, snake_case and kebab-case names into lowercase words joined by spaces. */
export function nameWords(name: string): string {
  let words = wordsCache.get(name);
  if (words === undefined) {
    words = splitWords(name);
    // Field names repeat across files; the cache stays small in practice, and is capped regardless.
    if (wordsCache.size > 10_000) wordsCache.clear();
    wordsCache.set(name, words);
  }
  return words;
}

function splitWords(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[\s_\-.]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase())
    .join(" ");
}

export interface IdentityMatcher {
  kindOf(name: string): IdentityKind | undefined;
}

const matchers = new Map<string, IdentityMatcher>();

/** Builds a matcher from the defaults plus a team's additions and removals (names in any case style). */
export function identityMatcher(extra: Partial<Record<IdentityKind, readonly string[]>>, allow: readonly string[]): IdentityMatcher {
  const key = JSON.stringify([extra, allow]);
  let matcher = matchers.get(key);
  if (!matcher) {
    matcher = buildMatcher(extra, allow);
    if (matchers.size > 100) matchers.clear();
    matchers.set(key, matcher);
  }
  return matcher;
}

function buildMatcher(extra: Partial<Record<IdentityKind, readonly string[]>>, allow: readonly string[]): IdentityMatcher {
  const allowed = new Set(allow.map(nameWords));
  const table = new Map<string, IdentityKind>();
  for (const kind of Object.keys(DEFAULT_NAMES) as IdentityKind[]) {
    for (const name of [...DEFAULT_NAMES[kind], ...(extra[kind] ?? [])]) {
      const words = nameWords(name);
      if (!allowed.has(words)) table.set(words, kind);
    }
  }
  return { kindOf: (name) => table.get(nameWords(name)) };
}
