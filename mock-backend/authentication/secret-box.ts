import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { Buffer } from "node:buffer";

/** How a sealed value starts: the scheme and its version, so another scheme can follow. */
const PREFIX = "aes-256-gcm:v1:";

/**
 * Seals the secrets the backend must be able to use again (a directory's system user password): AES-256-GCM with a
 * key kept apart from the database (a file beside it, readable by its owner only), the way Graylog encrypts them
 * with its password secret. A copy of the database alone does not reveal them.
 */
export class SecretBox {
  private constructor(private readonly key: Uint8Array) {}

  /** The key beside `databasePath` (`<path>.secret`), made on first use; an in-memory database gets a key of its own. */
  static async forDatabase(databasePath: string): Promise<SecretBox> {
    if (databasePath === ":memory:") return new SecretBox(randomBytes(32));
    const keyPath = `${databasePath}.secret`;
    try {
      return new SecretBox(fromBase64(await Deno.readTextFile(keyPath), keyPath));
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    }
    const key = randomBytes(32);
    await Deno.writeTextFile(keyPath, Buffer.from(key).toString("base64"), { mode: 0o600, createNew: true });
    return new SecretBox(key);
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return `${PREFIX}${[iv, cipher.getAuthTag(), sealed].map((part) => Buffer.from(part).toString("base64")).join(":")}`;
  }

  /** The plain value; one stored before sealing existed is returned as it is (it is sealed at its next save). */
  open(stored: string): string {
    if (!stored.startsWith(PREFIX)) return stored;
    const [iv, tag, sealed] = stored.slice(PREFIX.length).split(":").map((part) => Buffer.from(part, "base64"));
    const decipher = createDecipheriv("aes-256-gcm", this.key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed), decipher.final()]).toString("utf8");
  }
}

function fromBase64(text: string, keyPath: string): Uint8Array {
  const key = Buffer.from(text.trim(), "base64");
  if (key.length !== 32) throw new Error(`${keyPath} does not hold a 32-byte key (base64)`);
  return key;
}
