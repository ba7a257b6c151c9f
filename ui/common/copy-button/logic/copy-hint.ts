/** Texts of the copy button (spec 000 §4). */
export const COPIED_TEXT = "Copied!";

export type ClipboardAction = "copy" | "cut";

/** The hint when the clipboard refused: press Ctrl+C / Ctrl+X, or ⌘ on a Mac. */
export function copyFailedHint(action: ClipboardAction, isMac: boolean): string {
  const key = action === "cut" ? "X" : "C";
  return `Press ${isMac ? "⌘" : "Ctrl"}+${key} to ${action}`;
}

/** Whether a user agent / platform string names an Apple computer or device. */
export function isMacPlatform(platform: string): boolean {
  return /mac|iphone|ipad|ipod/i.test(platform);
}
