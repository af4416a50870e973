-- Version 3 in PostgreSQL, as ../0003_owners.sql: the servers alive (`instances`, renewed
-- while each lives) and each game's owner and owner count (`owner_epoch`).
CREATE TABLE instances (
    id          TEXT PRIMARY KEY NOT NULL,
    started_ms  BIGINT NOT NULL,
    expires_ms  BIGINT NOT NULL
);

ALTER TABLE games ADD COLUMN owner TEXT;
ALTER TABLE games ADD COLUMN owner_epoch BIGINT NOT NULL DEFAULT 0;
