-- Version 3: who serves each game, for several servers on one database (docs/server.md,
-- "Several servers"). A server registers in `instances` and renews `expires_ms` while it
-- lives; a game's `owner` is the server that serves it, valid while that server's row is
-- fresh; `owner_epoch` counts the game's owners, so a takeover is seen. One server on a
-- SQLite file never sets them.
CREATE TABLE instances (
    id          TEXT PRIMARY KEY NOT NULL,
    started_ms  INTEGER NOT NULL,
    expires_ms  INTEGER NOT NULL
);

ALTER TABLE games ADD COLUMN owner TEXT;
ALTER TABLE games ADD COLUMN owner_epoch INTEGER NOT NULL DEFAULT 0;
