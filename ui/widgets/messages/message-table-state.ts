import { atom } from "jotai";

/**
 * Client state of message tables (STYLE: jotai atoms per feature): column widths the user dragged, by field
 * name, shared by every message table of the page. Widths are a matter of the screen, not of the saved view.
 */
export const messageColumnWidthsAtom = atom<Readonly<Record<string, number>>>({});
