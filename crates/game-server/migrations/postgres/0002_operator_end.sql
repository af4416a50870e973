-- Version 2 in PostgreSQL, as ../0002_operator_end.sql: `end_reason` may be 'ended' (the
-- operator's end, no winner), and finished games are indexed by age for retention.
CREATE INDEX games_finished ON games(finished_ms) WHERE end_reason IS NOT NULL;
