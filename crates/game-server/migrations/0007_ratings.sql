-- Version 7: who sits in each seat, ratings and their history (issue 37; docs/server.md,
-- "Ratings"). A seat may have a nickname (quick match) and an account (signed in); a rated
-- game's end writes both players' new Elo ratings and one `rating_changes` row each in the
-- same transaction as the result, so a result is rated exactly once (the row's key refuses
-- a second). Deleting an account deletes its ratings and their history.
ALTER TABLE games ADD COLUMN nickname_0 TEXT;
ALTER TABLE games ADD COLUMN nickname_1 TEXT;
ALTER TABLE games ADD COLUMN account_0 TEXT;
ALTER TABLE games ADD COLUMN account_1 TEXT;
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;

CREATE TABLE ratings (
    account_id  TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    game        TEXT NOT NULL,
    rating      REAL NOT NULL,
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    draws       INTEGER NOT NULL,
    losses      INTEGER NOT NULL,
    updated_ms  INTEGER NOT NULL,
    PRIMARY KEY (account_id, game)
);
CREATE INDEX ratings_by_game ON ratings (game, rating DESC);

CREATE TABLE rating_changes (
    game_id     TEXT NOT NULL,
    account_id  TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    game        TEXT NOT NULL,
    seat        INTEGER NOT NULL,
    before      REAL NOT NULL,
    after       REAL NOT NULL,
    score       REAL NOT NULL,
    at_ms       INTEGER NOT NULL,
    PRIMARY KEY (game_id, account_id)
);
CREATE INDEX rating_changes_by_account ON rating_changes (account_id, at_ms);
