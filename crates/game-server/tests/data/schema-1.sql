-- A database as game-server wrote it with schema version 1 (the only schema so far),
-- made at commit 57af6d1 (2026-12-05) by a script that played four games through the
-- running server: a go9 game resigned after four moves; a go9 game with a byo-yomi clock,
-- three moves in; a Bind mini game with no move; a Kazura 9x9 game after E5 and White's
-- swap. tests/migrations.rs opens it with today's server. The seats' tokens (the database
-- keeps only their digests), seat 0 first:
--   finished_go9 85467f9da05cac97f64f2378: 2b80cb3cb56469c04857f87f84f8189052dff97e1b6b57e3770a2bce5275e067 bcbccdd18fa54323caabdf39151acfea412f7335b4b603d7a107e5aabdbf87b9
--   running_go9_clock dc44c88e12cb7c64a0a601ea: 51d86fc7584bcdf343ccb7dc303b59ed73a1cd9be246fa4a7fe878ae2a56504b 80a538a38d3c8c5b9c9d3c2123d7da22d12451368d509cf4bbdc552b7aeea419
--   running_bind 5cf54e4cccbcedbe9ae055f5: d7a6d8a04c635113874b3834f3c86c2ae3ebfa19e9e863fec431be2a1e1ee408 01435b0b90cd79c54686bb871e830fb4eee5ebf001fbcac8e835358a25fef0a1
--   kazura_swapped b4520074d1631137b6e3be76: 856b61f693a5bb74c16d3173e45c5862c447025fc6566b1c2018eb97520c0986 9079a323c97a7f692ad49326512446c4c3efd542d77cf4032c9b389a080d44e7
BEGIN TRANSACTION;
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
INSERT INTO "games" VALUES('85467f9da05cac97f64f2378','go9',1796469741655,X'7A25AF0EF88600048329F9D6C38A53CE7FF62205DAFF2432CC46EC3578B612CA',X'BEB970EFF2AAEE75F506F31AFD5D59877C95CAA5242B185E05F67D9FE2FBB889',1,1,5,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,'resign',0,1,'white by resignation (black resigned)',1796469741687);
INSERT INTO "games" VALUES('dc44c88e12cb7c64a0a601ea','go9',1796469741691,X'2FB703CC9D605E97054716B1C76BE8107B17C711C928949A5317F5EB6930D73D',X'7F582819104BE80233F8DF73C9140DB29AE99B5EF0FCF0C76DD44C3C15A4D47A',1,1,3,3600000,3,30000,NULL,3599998,3599999,3,3,1796469741702,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "games" VALUES('5cf54e4cccbcedbe9ae055f5','bind:variant=mini',1796469741705,X'301FD18BAE3BF3C49FCF90F7730C71353C1A4BD0BA58E71B647E4509631430C2',X'CD0A6FF13718417AD88FD070CC35E67163CAA804542D1CFCDA508907954308DB',1,1,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "games" VALUES('b4520074d1631137b6e3be76','kazura:size=9',1796469741713,X'D163D179FDF15CC43F019228248423F861D915A7D14854E8A82D4C9D6309FA3A',X'F56B92D17CD9A0B817A77FA8A7DDFD4F3F4F20367F7FAEFEADFDBAEE26830DA9',1,1,2,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL);
CREATE TABLE moves (
    game_id     TEXT NOT NULL REFERENCES games(id),
    ply         INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    text        TEXT NOT NULL,
    played_ms   INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
);
INSERT INTO "moves" VALUES('85467f9da05cac97f64f2378',1,0,'E5',1796469741679);
INSERT INTO "moves" VALUES('85467f9da05cac97f64f2378',2,1,'C3',1796469741684);
INSERT INTO "moves" VALUES('85467f9da05cac97f64f2378',3,0,'G7',1796469741685);
INSERT INTO "moves" VALUES('85467f9da05cac97f64f2378',4,1,'C7',1796469741686);
INSERT INTO "moves" VALUES('dc44c88e12cb7c64a0a601ea',1,0,'E5',1796469741700);
INSERT INTO "moves" VALUES('dc44c88e12cb7c64a0a601ea',2,1,'D4',1796469741701);
INSERT INTO "moves" VALUES('dc44c88e12cb7c64a0a601ea',3,0,'F6',1796469741702);
INSERT INTO "moves" VALUES('b4520074d1631137b6e3be76',1,0,'E5',1796469741724);
INSERT INTO "moves" VALUES('b4520074d1631137b6e3be76',2,1,'swap',1796469741725);
CREATE TABLE schema_version (
             version INTEGER PRIMARY KEY NOT NULL,
             applied_ms INTEGER NOT NULL
         );
INSERT INTO "schema_version" VALUES(1,1796469740494);
CREATE INDEX games_unfinished ON games(end_reason) WHERE end_reason IS NULL;
COMMIT;
