import { strToU8, zipSync } from "fflate";
import { type BundleFile, SUPPORT_BUNDLE_PREFIX, type SupportBundleStore } from "../../api/schemas/support-bundle.ts";
import type { Database } from "../database.ts";

export const SUPPORT_BUNDLE_STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS support_bundles (
     file_name VARCHAR PRIMARY KEY, size BIGINT NOT NULL, created_at TIMESTAMP NOT NULL, content_base64 VARCHAR NOT NULL)`,
];

/** The files of one bundle by their path inside the zip (text, written as UTF-8). */
export type BundleContents = () => Promise<Record<string, string>>;

/**
 * Support bundles kept in the database (so a bundle survives a restart and an in-memory database needs no
 * directory): each build zips what `contents` gathers at that moment under a timestamped name.
 */
export class EmbeddedSupportBundleStore implements SupportBundleStore {
  constructor(private readonly db: Database, private readonly contents: BundleContents, private readonly now: () => Date = () => new Date()) {}

  async list(): Promise<BundleFile[]> {
    const rows = await this.db.all<{ file_name: string; size: bigint | number }>(
      "SELECT file_name, size FROM support_bundles ORDER BY created_at DESC, file_name DESC",
    );
    return rows.map((row) => ({ file_name: row.file_name, size: Number(row.size) }));
  }

  async build(): Promise<BundleFile> {
    const created = this.now();
    const files = await this.contents();
    const zip = zipSync(Object.fromEntries(Object.entries(files).map(([path, text]) => [path, strToU8(text)])), { level: 6, mtime: created });
    const fileName = await this.freeName(created);
    await this.db.run("INSERT INTO support_bundles VALUES (?, ?, ?::TIMESTAMP, ?)", [
      fileName,
      zip.length,
      created.toISOString(),
      toBase64(zip),
    ]);
    return { file_name: fileName, size: zip.length };
  }

  async read(fileName: string): Promise<Uint8Array<ArrayBuffer> | null> {
    const row = await this.db.first<{ content_base64: string }>("SELECT content_base64 FROM support_bundles WHERE file_name = ?", [fileName]);
    return row ? fromBase64(row.content_base64) : null;
  }

  async delete(fileName: string): Promise<boolean> {
    const deleted = await this.db.write("DELETE FROM support_bundles WHERE file_name = ? RETURNING file_name", [fileName]);
    return deleted.length > 0;
  }

  /** `graylog_support_bundle-2026-11-28T05-30-12.345Z.zip`, with a counter if two builds share a millisecond. */
  private async freeName(created: Date): Promise<string> {
    const stamp = created.toISOString().replaceAll(":", "-");
    for (let attempt = 0;; attempt++) {
      const name = `${SUPPORT_BUNDLE_PREFIX}-${stamp}${attempt === 0 ? "" : `-${attempt}`}.zip`;
      if (!(await this.db.first("SELECT 1 FROM support_bundles WHERE file_name = ?", [name]))) return name;
    }
  }
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let offset = 0; offset < bytes.length; offset += 0x8000) binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}
