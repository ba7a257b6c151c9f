import { statSync } from "node:fs";
import { dirname, isAbsolute } from "node:path";

/**
 * Why the file output cannot write to `path`, naming the field; null when it can: an absolute path to a file
 * (existing or not) in a directory that exists.
 */
export function filePathProblem(path: string, field: string): string | null {
  if (!isAbsolute(path)) return `${field} must be an absolute path`;
  if (path.includes("\0")) return `${field} must not contain a NUL character`;
  if (path.endsWith("/")) return `${field} must name a file, not a directory`;
  const directory = statOrNull(dirname(path));
  if (!directory?.isDirectory()) return `${field}: the directory ${dirname(path)} does not exist`;
  if (statOrNull(path)?.isDirectory()) return `${field} must name a file, not a directory`;
  return null;
}

function statOrNull(path: string) {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}
