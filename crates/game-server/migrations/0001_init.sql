-- Version 1: games, their moves, clocks and results.
-- A game's seats are 0 (the creator's choice of first or second) and 1; tokens are kept
-- only as SHA-256 digests.
CREATE TABLE games (
    id              TEXT PRIMARY KEY NOT NULL,
    spec            TEXT NOT NULL,
    created_ms      INTEGER NOT NULL,
    token_digest_0  BLOB NOT NULL,
    token_digest_1  BLOB NOT NULL,
    joined_0        INTEGER NOT NULL DEFAULT 0,
    joined_1        INTEGER NOT NULL DEFAULT 0,
    -- Bumped by every move, undo and end; a client message names the version it saw.
    version         INTEGER NOT NULL DEFAULT 0,
    -- The clock: NULL main time means no clock.
    clock_main_ms       INTEGER,
    clock_periods       INTEGER,
    clock_period_ms     INTEGER,
    clock_increment_ms  INTEGER,
    remaining_ms_0      INTEGER,
    remaining_ms_1      INTEGER,
    periods_0           INTEGER,
    periods_1           INTEGER,
    -- Unix milliseconds when the current turn began; NULL while the clock is stopped.
    turn_started_ms     INTEGER,
    -- The result, once over: how it ended ('rules', 'resign', 'time', 'draw'), the seat
    -- that made the call, the winning seat (NULL for a draw or no winner) and its words.
    end_reason      TEXT,
    end_seat        INTEGER,
    winner_seat     INTEGER,
    result_text     TEXT,
    finished_ms     INTEGER
);

CREATE TABLE moves (
    game_id     TEXT NOT NULL REFERENCES games(id),
    ply         INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    text        TEXT NOT NULL,
    played_ms   INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
);

CREATE INDEX games_unfinished ON games(end_reason) WHERE end_reason IS NULL;
