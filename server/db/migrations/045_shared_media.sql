-- Uploaded files where every instance reaches them: with a PostgreSQL server (DATABASE_URL)
-- each stored upload is also kept here, in chunks of 1 MiB, and an instance that lacks a file on its
-- own disk fetches it from here on the first request (server/domain/media-store.ts). With the embedded
-- database (one process, one disk) these tables stay empty.

CREATE TABLE media_files (
  -- The path under the media folder: files/<h0>/<h1>/<md5><ext> (content-addressed).
  path varchar(300) PRIMARY KEY,
  size bigint NOT NULL,
  chunks integer NOT NULL,
  create_datetime timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE media_chunks (
  path varchar(300) NOT NULL,
  seq integer NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (path, seq)
);
