-- The bearer-token check that runs before every MCP tool call, as a PL/pgSQL function: a session
-- caches the plans of a function's statements, so this five-relation statement is planned once per
-- connection instead of on every call. On PGlite, whose planner runs on the app server's own thread,
-- planning it was 0.35 of the 0.6 ms the statement took (lib/auth/access-tokens.ts calls it).
-- Timestamps come back as UTC instants (the columns are stored without a zone, in UTC).
CREATE OR REPLACE FUNCTION "pacewise_access_token_check"("tokenId" text)
RETURNS TABLE (
  "payload" jsonb,
  "expiresAt" timestamptz,
  "grantLive" boolean,
  "lastUsedAt" timestamptz,
  "email" text,
  "subscriptionStatus" text,
  "provider" text,
  "currentPeriodEnd" timestamptz
)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT t."payload", t."expiresAt" AT TIME ZONE 'UTC',
    EXISTS (
      SELECT 1 FROM "OAuthRecord" g
      WHERE g."grantId" = t."grantId" AND g."kind" = 'Grant' AND (g."expiresAt" IS NULL OR g."expiresAt" > (now() AT TIME ZONE 'UTC'))
    ),
    a."lastUsedAt" AT TIME ZONE 'UTC', u."email", s."status", s."provider", s."currentPeriodEnd" AT TIME ZONE 'UTC'
  FROM "OAuthRecord" t
  LEFT JOIN "OAuthGrantActivity" a ON a."grantId" = t."grantId"
  LEFT JOIN "User" u ON u."id" = t."accountId"
  LEFT JOIN "Subscription" s ON s."userId" = t."accountId"
  WHERE t."id" = "tokenId" AND t."kind" = 'AccessToken';
END
$$;
