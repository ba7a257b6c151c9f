import { useCurrentUser } from "../session/current-user.tsx";
import { isTimeZone } from "../../shared/wall-time.ts";

/**
 * The time zone of the search page: the user's, else UTC. Not the browser's: the server renders the same
 * page and must print the same times.
 */
export function useSearchTimezone(): string {
  const user = useCurrentUser();
  return user.timezone && isTimeZone(user.timezone) ? user.timezone : "UTC";
}
