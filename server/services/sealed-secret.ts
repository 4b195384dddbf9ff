import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

// Credentials the owner saves in the admin (the Creators API's client secret) are kept in the
// database sealed: AES-256-GCM under a key derived from the app secret for one purpose, so a
// copy of the database (a backup, a dump) does not hand them over, and a sealed value changed or
// moved to another purpose is refused rather than read (decision 061).

const FORMAT = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Fixed: HKDF's salt only separates this derivation from the app secret's other uses. */
const SALT = "pawsome-picks sealed settings";

/** A 256-bit key for one purpose ("settings: creators client secret"), derived from the app secret with HKDF-SHA256. */
export function sealingKey(appSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", appSecret, SALT, purpose, 32));
}

/** `text` sealed with `key`: "v1.{iv}.{tag}.{ciphertext}" (base64url), a fresh random IV each time. */
export function seal(key: Buffer, text: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  const sealed = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return [FORMAT, iv, cipher.getAuthTag(), sealed].map((part) => part.toString("base64url")).join(".");
}

/** The text `seal` sealed with this key, or null when it was sealed with another key, changed, or is no sealed value. */
export function unseal(key: Buffer, sealed: string): string | null {
  const parts = sealed.split(".");
  if (parts.length !== 4 || parts[0] !== FORMAT) return null;
  const [iv, tag, text] = parts.slice(1).map((part) => Buffer.from(part, "base64url")) as [Buffer, Buffer, Buffer];
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(text), decipher.final()]).toString("utf8");
  } catch {
    // the tag does not match: another key, or a changed IV, tag or ciphertext
    return null;
  }
}
