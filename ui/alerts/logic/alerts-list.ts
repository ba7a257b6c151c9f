import type { ALERTS_FILTERS } from "../../../api/schemas/events.ts";

/** The alerts page's list: which kinds it shows and what its count line says. */

export type AlertsFilter = (typeof ALERTS_FILTERS)[number];

const FOUND: Record<AlertsFilter, [one: string, many: string]> = {
  only: ["alert", "alerts"],
  exclude: ["event", "events"],
  include: ["alert or event", "alerts and events"],
};

/** "1 alert found", "3 events found", "2 alerts and events found". */
export function foundText(total: number, filter: AlertsFilter): string {
  const [one, many] = FOUND[filter];
  return `${total} ${total === 1 ? one : many} found`;
}
