import { useEffect, useState } from "react";

/** False in the server render and the hydration pass, true after: for what only the browser knows (its zone, now). */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
