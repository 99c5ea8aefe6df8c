import type { Config } from "../config.ts";
import { configuredOrGeneratedSecret } from "../secrets.ts";
import { createFieldCipher, type FieldCipher } from "../shared/crypto/field-cipher.ts";
import type { FileStorage } from "../shared/storage/file-storage.ts";
import { openFileStorage } from "../shared/storage/open-file-storage.ts";

/** What the sample data is stored through: the app's file storage and field cipher, and its settings. */
export type DemoSampleDeps = {
  storage: FileStorage;
  cipher: FieldCipher;
  config: Pick<
    Config,
    "creditTeamEmail" | "publicUrl" | "public" | "leadRateLimitMax" | "dataDir" | "env" | "signingCertificate" | "ach"
  >;
};

/**
 * The storage and cipher a server on `config` will use, for seeding before it starts (browser
 * tests): the same key file it reads (or generates) and the same storage.
 */
export async function demoSampleDepsFor(config: Config): Promise<DemoSampleDeps> {
  const key = await configuredOrGeneratedSecret(
    config.dataEncryptionKey,
    config.dataDir,
    "data-encryption-key",
    () => {},
  );
  return {
    storage: await openFileStorage(config.storage),
    cipher: createFieldCipher(key, config.dataEncryptionOldKeys, config.lookupHashKey),
    config,
  };
}
