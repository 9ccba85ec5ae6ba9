-- The bearer-token check also returns the profile facts every coaching tool starts from (timezone,
-- units, heart rates): on PGlite the separate profile statement was about 6 % of a list_workouts
-- call. "hasProfile" is false until the person's first profile row exists (lib/auth/access-tokens.ts).
-- The result columns change, so the function is dropped and created again.
DROP FUNCTION IF EXISTS "pacewise_access_token_check"(text);
CREATE FUNCTION "pacewise_access_token_check"("tokenId" text)
RETURNS TABLE (
  "payload" jsonb,
  "expiresAt" timestamptz,
  "grantLive" boolean,
  "lastUsedAt" timestamptz,
  "email" text,
  "subscriptionStatus" text,
  "provider" text,
  "currentPeriodEnd" timestamptz,
  "hasProfile" boolean,
  "timezone" text,
  "weightUnit" text,
  "distanceUnit" text,
  "restingHr" integer,
  "maxHr" integer
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
    a."lastUsedAt" AT TIME ZONE 'UTC', u."email", s."status", s."provider", s."currentPeriodEnd" AT TIME ZONE 'UTC',
    p."userId" IS NOT NULL, p."timezone", p."weightUnit", p."distanceUnit", p."restingHr", p."maxHr"
  FROM "OAuthRecord" t
  LEFT JOIN "OAuthGrantActivity" a ON a."grantId" = t."grantId"
  LEFT JOIN "User" u ON u."id" = t."accountId"
  LEFT JOIN "Subscription" s ON s."userId" = t."accountId"
  LEFT JOIN "Profile" p ON p."userId" = t."accountId"
  WHERE t."id" = "tokenId" AND t."kind" = 'AccessToken';
END
$$;
