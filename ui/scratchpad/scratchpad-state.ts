import { atom } from "jotai";

/** Whether the scratchpad panel is visible; loaded from and saved to the per-user storage. */
export const scratchpadOpenAtom = atom(false);
