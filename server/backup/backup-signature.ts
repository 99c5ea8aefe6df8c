import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { createFieldCipher } from "../shared/crypto/field-cipher.ts";

/**
 * Signs a backup's manifest (which holds the SHA-256 of every other entry) with HMAC-SHA256. The
 * key is derived (HKDF-SHA256) from the data-encryption key, so it lives wherever that key lives
 * (DATA_ENCRYPTION_KEY, or DATA_DIR/keys/ in the local demo), never in an archive, and needs no
 * variable of its own. The manifest names the key's id, so an archive taken before a key rotation
 * is checked with the old key (DATA_ENCRYPTION_OLD_KEYS).
 */
export type BackupSigner = { keyId: string; sign(manifestText: string): string };

const signingKey = (dataEncryptionKeyBase64: string) =>
  Buffer.from(
    hkdfSync(
      "sha256",
      Buffer.from(dataEncryptionKeyBase64, "base64"),
      Buffer.alloc(0),
      "lender backup manifest v1",
      32,
    ),
  );

export function createBackupSigner(dataEncryptionKeyBase64: string): BackupSigner {
  const key = signingKey(dataEncryptionKeyBase64);
  return {
    keyId: createFieldCipher(dataEncryptionKeyBase64).keyId,
    sign: (manifestText) => createHmac("sha256", key).update(manifestText, "utf8").digest("hex"),
  };
}

/** The signer of the configured data-encryption keys (current and old) whose id is `keyId`, if any. */
export function signerFor(keyId: string, dataEncryptionKeysBase64: string[]): BackupSigner | undefined {
  return dataEncryptionKeysBase64.map(createBackupSigner).find((signer) => signer.keyId === keyId);
}

export function signatureMatches(signer: BackupSigner, manifestText: string, signature: string): boolean {
  const expected = Buffer.from(signer.sign(manifestText), "hex");
  const given = Buffer.from(signature.trim(), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
