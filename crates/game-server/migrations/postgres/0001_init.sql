-- Version 1 in PostgreSQL: the tables of ../0001_init.sql in PostgreSQL's types (BIGINT
-- for every number, BYTEA for the digests, BOOLEAN for the joined seats).
CREATE TABLE games (
    id              TEXT PRIMARY KEY NOT NULL,
    spec            TEXT NOT NULL,
    created_ms      BIGINT NOT NULL,
    token_digest_0  BYTEA NOT NULL,
    token_digest_1  BYTEA NOT NULL,
    joined_0        BOOLEAN NOT NULL DEFAULT FALSE,
    joined_1        BOOLEAN NOT NULL DEFAULT FALSE,
    version         BIGINT NOT NULL DEFAULT 0,
    clock_main_ms       BIGINT,
    clock_periods       BIGINT,
    clock_period_ms     BIGINT,
    clock_increment_ms  BIGINT,
    remaining_ms_0      BIGINT,
    remaining_ms_1      BIGINT,
    periods_0           BIGINT,
    periods_1           BIGINT,
    turn_started_ms     BIGINT,
    end_reason      TEXT,
    end_seat        BIGINT,
    winner_seat     BIGINT,
    result_text     TEXT,
    finished_ms     BIGINT
);

CREATE TABLE moves (
    game_id     TEXT NOT NULL REFERENCES games(id),
    ply         BIGINT NOT NULL,
    seat        BIGINT NOT NULL,
    text        TEXT NOT NULL,
    played_ms   BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);

CREATE INDEX games_unfinished ON games(end_reason) WHERE end_reason IS NULL;
