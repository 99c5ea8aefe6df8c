import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from "node:crypto";

/**
 * AES-256-GCM for SSN, federal tax id and date of birth (docs/product-rules.md#r5-sensitive-numbers). A token is
 * `v1.<keyId>.<iv>.<tag>.<ciphertext>` (base64url): values are encrypted with the current key and
 * decrypted with whichever key their id names, so a rotated key keeps old rows readable until
 * `npm run rotate-data-key` has re-encrypted them.
 */
export type FieldCipher = {
  /** The id of the key new values are encrypted with. */
  keyId: string;
  encrypt(plain: string): string;
  decrypt(token: string): string;
  /**
   * A keyed hash (HMAC-SHA256, base64url) for finding equal values without storing them: the
   * duplicate check compares tax ids, e-mails and phones this way (server/duplicates/).
   */
  lookupHash(value: string): string;
};

function keyWithId(keyBase64: string) {
  const key = Buffer.from(keyBase64, "base64");
  if (key.length !== 32) throw new Error("DATA_ENCRYPTION_KEY must be 32 bytes, base64-encoded");
  return { key, id: createHash("sha256").update(key).digest("hex").slice(0, 8) };
}

/**
 * The lookup-hash key: LOOKUP_HASH_KEY when configured, else derived (HKDF-SHA256) from the
 * current data key, so a deployment needs no new secret; rotating the data key then changes every
 * hash (README, Configuration: set LOOKUP_HASH_KEY when deploying).
 */
function lookupKey(currentKey: Buffer, configuredBase64: string | undefined): Buffer {
  if (configuredBase64) return keyWithId(configuredBase64).key;
  return Buffer.from(hkdfSync("sha256", currentKey, Buffer.alloc(0), "lender lookup hash v1", 32));
}

export function createFieldCipher(
  currentKeyBase64: string,
  previousKeysBase64: string[] = [],
  lookupKeyBase64?: string,
): FieldCipher {
  const current = keyWithId(currentKeyBase64);
  const hashKey = lookupKey(current.key, lookupKeyBase64);
  const keys = new Map([...previousKeysBase64.map(keyWithId), current].map(({ id, key }) => [id, key]));
  return {
    keyId: current.id,
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", current.key, iv);
      const ciphertext = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [
        "v1",
        current.id,
        iv.toString("base64url"),
        cipher.getAuthTag().toString("base64url"),
        ciphertext.toString("base64url"),
      ].join(".");
    },
    decrypt(token) {
      const [version, tokenKeyId, iv, tag, ciphertext] = token.split(".");
      if (version !== "v1" || !tokenKeyId || !iv || !tag || ciphertext === undefined)
        throw new Error("Not an encrypted field value");
      const key = keys.get(tokenKeyId);
      if (!key) throw new Error(`Encrypted with another key (${tokenKeyId})`);
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
    },
    lookupHash(value) {
      return createHmac("sha256", hashKey).update(value, "utf8").digest("base64url");
    },
  };
}

/** The last four digits, for masked display (•••-••-1234). */
export function lastFour(value: string): string {
  return value.replace(/\D/g, "").slice(-4);
}
