import { atom } from "jotai";

/** One crumb of the header breadcrumb (e.g. Dashboards > title); later pages fill this slot. */
export interface Crumb {
  label: string;
  href?: string;
}

export const breadcrumbAtom = atom<Crumb[]>([]);
