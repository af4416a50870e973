-- Version 2: games the operator ends (`game-server end`) keep `end_reason` 'ended' (no
-- winner), a word a version-1 server cannot read, so the version is raised and such a
-- server refuses the file rather than failing on the row. And the retention policy's
-- question, finished games by age, gets its index.
CREATE INDEX games_finished ON games(finished_ms) WHERE end_reason IS NOT NULL;
