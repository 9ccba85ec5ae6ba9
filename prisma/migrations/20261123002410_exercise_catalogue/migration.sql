-- Generated from lib/training/catalogue.ts by scripts/db-exercise-catalogue.ts; do not edit by hand.
INSERT INTO "Exercise" ("id", "name", "modality", "pattern", "loadType", "equipment", "repRangeLow", "repRangeHigh", "runKind") VALUES
  ('back-squat', 'Back squat', 'strength', 'squat', 'barbell', ARRAY['barbell']::TEXT[], NULL, NULL, NULL),
  ('bench-press', 'Bench press', 'strength', 'horizontal-push', 'barbell', ARRAY['barbell']::TEXT[], NULL, NULL, NULL),
  ('deadlift', 'Deadlift', 'strength', 'hinge', 'barbell', ARRAY['barbell']::TEXT[], NULL, NULL, NULL),
  ('overhead-press', 'Overhead press', 'strength', 'vertical-push', 'barbell', ARRAY['barbell']::TEXT[], NULL, NULL, NULL),
  ('barbell-row', 'Barbell row', 'strength', 'horizontal-pull', 'barbell', ARRAY['barbell']::TEXT[], 6, 10, NULL),
  ('romanian-deadlift', 'Romanian deadlift', 'strength', 'hinge', 'barbell', ARRAY['barbell', 'dumbbells']::TEXT[], 8, 12, NULL),
  ('lunge', 'Lunge', 'strength', 'lunge', 'dumbbell', ARRAY['dumbbells', 'bodyweight']::TEXT[], 8, 12, NULL),
  ('pull-up', 'Pull-up', 'strength', 'vertical-pull', 'bodyweight', ARRAY['pullup-bar']::TEXT[], 5, 10, NULL),
  ('push-up', 'Push-up', 'strength', 'horizontal-push', 'bodyweight', ARRAY['bodyweight']::TEXT[], 10, 20, NULL),
  ('plank', 'Plank', 'strength', 'core', 'isometric', ARRAY['bodyweight']::TEXT[], NULL, NULL, NULL),
  ('easy-run', 'Easy run', 'run', 'locomotion', 'pace', ARRAY['bodyweight']::TEXT[], NULL, NULL, 'easy'),
  ('long-run', 'Long run', 'run', 'locomotion', 'pace', ARRAY['bodyweight']::TEXT[], NULL, NULL, 'long'),
  ('recovery-run', 'Recovery run', 'run', 'locomotion', 'pace', ARRAY['bodyweight']::TEXT[], NULL, NULL, 'recovery'),
  ('marathon-pace-run', 'Marathon-pace run', 'run', 'locomotion', 'pace', ARRAY['bodyweight']::TEXT[], NULL, NULL, 'marathon'),
  ('tempo-run', 'Threshold (tempo) run', 'run', 'locomotion', 'pace', ARRAY['bodyweight']::TEXT[], NULL, NULL, 'threshold'),
  ('interval-run', 'Intervals', 'run', 'locomotion', 'pace', ARRAY['bodyweight']::TEXT[], NULL, NULL, 'interval'),
  ('repetition-run', 'Repetitions', 'run', 'locomotion', 'pace', ARRAY['bodyweight']::TEXT[], NULL, NULL, 'repetition'),
  ('race', 'Race', 'run', 'locomotion', 'pace', ARRAY['bodyweight']::TEXT[], NULL, NULL, 'race')
ON CONFLICT ("id") DO UPDATE SET
  "name" = EXCLUDED."name", "modality" = EXCLUDED."modality", "pattern" = EXCLUDED."pattern", "loadType" = EXCLUDED."loadType",
  "equipment" = EXCLUDED."equipment", "repRangeLow" = EXCLUDED."repRangeLow", "repRangeHigh" = EXCLUDED."repRangeHigh", "runKind" = EXCLUDED."runKind";
