import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Config } from "../config.ts";
import { createFieldCipher } from "../shared/crypto/field-cipher.ts";

/** Where the server takes its keys from: the environment, or the local demo's DATA_DIR/keys/. */
export function keyLocations(config: Config) {
  const keysDir = path.join(config.dataDir, "keys");
  return {
    keysDir,
    dataEncryptionKey: config.dataEncryptionKey
      ? "the DATA_ENCRYPTION_KEY variable"
      : path.join(keysDir, "data-encryption-key"),
    authSecret: config.authSecret ? "the AUTH_SECRET variable" : path.join(keysDir, "auth-secret"),
    signingCertificate: config.signingCertificate.p12Base64
      ? "the SIGNING_CERTIFICATE_P12 and SIGNING_CERTIFICATE_PASSPHRASE variables"
      : `${path.join(keysDir, "signing-certificate.p12")} and ${path.join(keysDir, "signing-certificate-passphrase")}`,
  };
}

/**
 * The data-encryption keys the server would use, base64: the current one (from DATA_ENCRYPTION_KEY
 * or DATA_DIR/keys/data-encryption-key, read, never generated; null when there is none yet) and
 * the old ones. They also check backup signatures (backup-signature.ts).
 */
export async function configuredDataKeys(config: Config): Promise<{ current: string | null; old: string[] }> {
  const key =
    config.dataEncryptionKey ??
    (await readFile(path.join(config.dataDir, "keys", "data-encryption-key"), "utf8").then(
      (text) => text.trim(),
      () => undefined,
    ));
  return { current: key ?? null, old: config.dataEncryptionOldKeys };
}

/** Ids (never the keys) of the configured data-encryption keys. */
export async function configuredKeyIds(config: Config): Promise<{ current: string | null; old: string[] }> {
  const keys = await configuredDataKeys(config);
  return {
    current: keys.current ? createFieldCipher(keys.current).keyId : null,
    old: keys.old.map((oldKey) => createFieldCipher(oldKey).keyId),
  };
}
