-- Version 4: where each server is reached by the others (`--advertise`), so that a
-- socket opened on one server for a game another owns is forwarded to the owner
-- (docs/server.md, "Several servers").
ALTER TABLE instances ADD COLUMN address TEXT;
