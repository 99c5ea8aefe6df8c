import { access } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import { databaseTarget, type Config } from "./config.ts";
import { openDatabase, PendingMigrationsError, type DatabaseHandle } from "./db/client.ts";
import { createAuth, type Auth } from "./auth/create-auth.ts";
import { revokeCreatedCredentials } from "./accounts/revoke-created-credentials.ts";
import { createBackupSigner, type BackupSigner } from "./backup/backup-signature.ts";
import { syncResponseDayZone } from "./response-times/response-day.ts";
import { createFieldCipher, type FieldCipher } from "./shared/crypto/field-cipher.ts";
import { ensurePrivateDirectory } from "./private-directory.ts";
import { configuredOrGeneratedSecret } from "./secrets.ts";

/** `backupSigner` signs the manifests of the backups this server writes (SIGUSR2, `npm run backup`). */
export type Server = {
  app: FastifyInstance;
  database: DatabaseHandle;
  auth: Auth;
  cipher: FieldCipher;
  backupSigner: BackupSigner;
};

/** Opens and migrates the database (unless one is given) and builds the app on it. */
export async function composeServer(
  config: Config,
  options: {
    database?: DatabaseHandle;
    serveSite?: boolean;
    logStream?: NodeJS.WritableStream;
    onWarning?: (message: string) => void;
  } = {},
): Promise<Server> {
  const warn = options.onWarning ?? ((message: string) => console.warn(message));
  await prepareDataDir(config, { openingDatabase: !options.database });
  const database = options.database ?? (await openDatabase(databaseTarget(config)));
  if (!options.database && config.migrateOnStart) {
    await database.migrate({ onWait: warn });
  } else if (!options.database) {
    // MIGRATE_ON_START=false: the release step (`npm run migrate`) migrates; never run on a schema behind the code.
    const pending = await database.pendingMigrations();
    if (pending.length) {
      await database.close();
      throw new PendingMigrationsError(pending);
    }
  }
  await syncResponseDayZone(database.db, config.public.brand.timeZone);
  const secret = await configuredOrGeneratedSecret(config.authSecret, config.dataDir, "auth-secret", (file) =>
    warn(`Generated a session-signing secret in ${file}. Production refuses to start without AUTH_SECRET.`),
  );
  const encryptionKey = await configuredOrGeneratedSecret(
    config.dataEncryptionKey,
    config.dataDir,
    "data-encryption-key",
    (file) =>
      warn(
        `Generated the key that encrypts SSNs and tax ids in ${file}. Back it up: without it they cannot be read. Production refuses to start without DATA_ENCRYPTION_KEY.`,
      ),
  );
  const cipher = createFieldCipher(encryptionKey, config.dataEncryptionOldKeys, config.lookupHashKey);
  const auth = createAuth({
    db: database.db,
    secret,
    publicUrl: config.publicUrl,
    brand: config.public.brand,
    cipher,
    revokeCreatedCredentials,
  });
  const site = options.serveSite ? await loadSite(config.clientBuildDir) : undefined;
  const app = await buildApp({ config, database, auth, cipher, site, logStream: options.logStream });
  return { app, database, auth, cipher, backupSigner: createBackupSigner(encryptionKey) };
}

/**
 * DATA_DIR holds the embedded database, local files and generated keys: closed to other users
 * (0700), created only when something goes there.
 */
async function prepareDataDir(config: Config, { openingDatabase }: { openingDatabase: boolean }) {
  const localRoot = config.storage.driver === "local" ? config.storage.root : undefined;
  const embedded = openingDatabase && !config.databaseUrl;
  if (localRoot || embedded || !config.authSecret || !config.dataEncryptionKey)
    await ensurePrivateDirectory(config.dataDir);
  if (localRoot) await ensurePrivateDirectory(localRoot);
}

async function loadSite(dir: string) {
  try {
    await access(path.join(dir, "index.html"));
  } catch {
    throw new Error(`No built site at ${dir}. Run \`npm run build\` first.`);
  }
  return { dir };
}
