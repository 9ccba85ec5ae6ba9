-- pacewise_monday was declared IMMUTABLE over a text-to-date cast, which PostgreSQL holds STABLE (the
-- cast reads DateStyle). The planner writes a SQL function's body into the statement that calls it only
-- when the body is no more volatile than the function says it is, so this one never was: every call ran
-- as a query of its own (pg_stat_statements counted 94 a get_training_progress call at five years of
-- history, one per session row its fresh-week test looked at; docs/performance.md, eleventh stop).
-- Declared STABLE, which is what it is, it is inlined. No index or generated column uses it (those would
-- need IMMUTABLE).
CREATE OR REPLACE FUNCTION "pacewise_monday"(p_day text) RETURNS date
LANGUAGE sql STABLE AS $$
  SELECT p_day::date - ((((p_day::date - DATE '1970-01-05') % 7) + 7) % 7)
$$;
