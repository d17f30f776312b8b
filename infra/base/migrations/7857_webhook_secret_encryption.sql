-- Up Migration
-- Webhook signing secrets are encrypted at rest (AES-256-GCM, activities/webhooks/secretBox.ts)
-- under an envelope key of WEBHOOK_SECRET_KEYS, whose id is stored beside the ciphertext.
-- Rolling-deploy safe: the new columns are nullable and nothing is rewritten here. Rows of the
-- previous release keep their plain `secret` and are read as they are until
-- `screenctl webhook-secrets reencrypt` encrypts them in batches (or a rotation replaces them);
-- an encrypted row has `secret` NULL. The check holds for rows written from now on.

ALTER TABLE webhook_endpoints ALTER COLUMN secret DROP NOT NULL;
ALTER TABLE webhook_endpoints ADD COLUMN secret_ciphertext text;
ALTER TABLE webhook_endpoints ADD COLUMN secret_key_id text;
ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_secret_stored
  CHECK (secret IS NOT NULL OR (secret_ciphertext IS NOT NULL AND secret_key_id IS NOT NULL)) NOT VALID;

-- Down Migration
-- The previous release reads only the plain column: refuse while a secret exists only encrypted.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM webhook_endpoints WHERE secret IS NULL) THEN
    RAISE EXCEPTION 'webhook_endpoints holds encrypted secrets only; rotate or decrypt them before going back';
  END IF;
END $$;
ALTER TABLE webhook_endpoints DROP CONSTRAINT webhook_endpoints_secret_stored;
ALTER TABLE webhook_endpoints DROP COLUMN secret_key_id;
ALTER TABLE webhook_endpoints DROP COLUMN secret_ciphertext;
ALTER TABLE webhook_endpoints ALTER COLUMN secret SET NOT NULL;
