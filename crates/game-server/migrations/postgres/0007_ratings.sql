-- Version 7 in PostgreSQL, as ../0007_ratings.sql: the seats' nicknames and accounts, ratings
-- and their history.
ALTER TABLE games ADD COLUMN nickname_0 TEXT;
ALTER TABLE games ADD COLUMN nickname_1 TEXT;
ALTER TABLE games ADD COLUMN account_0 TEXT;
ALTER TABLE games ADD COLUMN account_1 TEXT;
ALTER TABLE games ADD COLUMN rated BOOLEAN NOT NULL DEFAULT FALSE;

CREATE TABLE ratings (
    account_id  TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    game        TEXT NOT NULL,
    rating      DOUBLE PRECISION NOT NULL,
    games       BIGINT NOT NULL,
    wins        BIGINT NOT NULL,
    draws       BIGINT NOT NULL,
    losses      BIGINT NOT NULL,
    updated_ms  BIGINT NOT NULL,
    PRIMARY KEY (account_id, game)
);
CREATE INDEX ratings_by_game ON ratings (game, rating DESC);

CREATE TABLE rating_changes (
    game_id     TEXT NOT NULL,
    account_id  TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    game        TEXT NOT NULL,
    seat        BIGINT NOT NULL,
    before      DOUBLE PRECISION NOT NULL,
    after       DOUBLE PRECISION NOT NULL,
    score       DOUBLE PRECISION NOT NULL,
    at_ms       BIGINT NOT NULL,
    PRIMARY KEY (game_id, account_id)
);
CREATE INDEX rating_changes_by_account ON rating_changes (account_id, at_ms);
