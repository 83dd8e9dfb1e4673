-- Event tracking: public keys, allowed origins, and the idempotency register per game.
--
-- * tracking_apps.public_key: a write-only key a browser or mini game ships in its page (it can send
--   events, never orders). `pk_` and 32 hex characters; every existing app gets one here (128 random
--   bits from gen_random_uuid's CSPRNG), new apps get one from the server on create. Regenerated on its
--   own (POST /api/embed_configure/game/{id}/public_key/), independently of the app key and secret.
-- * tracking_apps.allowed_origins: the page origins (`scheme://host[:port]`, a JSON array of strings)
--   whose browser requests may use the public key. Empty: only requests without an Origin header
--   (mini-game runtimes, native clients) are accepted with it.
-- * tracking_event_ids: the register was keyed by uuid alone, so one game's event id could silently
--   drop another game's event as a "duplicate". Now (game, uuid): the same uuid from two games is two
--   events. The raw events' key gets the game too, or two games' events with the same uuid and time
--   would collide there. Existing register rows take their game from the stored event (0 when the
--   event is no longer stored: such a row blocks nothing).
ALTER TABLE tracking_apps ADD COLUMN public_key varchar(40);
UPDATE tracking_apps SET public_key = 'pk_' || replace(gen_random_uuid()::text, '-', '');
ALTER TABLE tracking_apps ALTER COLUMN public_key SET NOT NULL;
CREATE UNIQUE INDEX tracking_apps_public_key_key ON tracking_apps (public_key);
ALTER TABLE tracking_apps ADD COLUMN allowed_origins jsonb NOT NULL DEFAULT '[]'::jsonb
  CHECK (jsonb_typeof(allowed_origins) = 'array' AND jsonb_array_length(allowed_origins) <= 50);

ALTER TABLE tracking_event_ids ADD COLUMN game integer NOT NULL DEFAULT 0;
UPDATE tracking_event_ids r SET game = e.game FROM tracking_events e WHERE e.time = r.time AND e.uuid = r.uuid;
ALTER TABLE tracking_event_ids DROP CONSTRAINT tracking_event_ids_pkey;
ALTER TABLE tracking_event_ids ADD PRIMARY KEY (game, uuid);
ALTER TABLE tracking_event_ids ALTER COLUMN game DROP DEFAULT;

ALTER TABLE tracking_events DROP CONSTRAINT tracking_events_pkey;
ALTER TABLE tracking_events ADD PRIMARY KEY (time, game, uuid);
