import { atom } from "jotai";

/** The search page's client state shared by the sidebar and the message table (STYLE: jotai atoms per feature). */

/** Fields the user added to the message table as extra columns, in the order they were added. */
export const tableFieldsAtom = atom<readonly string[]>([]);
