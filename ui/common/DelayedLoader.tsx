import { Center, Loader, type LoaderProps } from "@mantine/core";
import { useEffect, useState } from "react";

interface Props {
  /** Milliseconds to wait before showing anything, so fast loads do not flash a spinner. */
  delay: number;
  size?: LoaderProps["size"];
  /** Accessible label of the indicator. */
  label?: string;
}

/** Spinner delay of the shared list (spec 000 §9). */
export const SPINNER_DELAY_MS = 200;
/** Loading indicator delay of the shared table (spec 000 §4, §9). */
export const LOADING_INDICATOR_DELAY_MS = 500;

/** A loading indicator that appears only after `delay` ms (spec 000 §4). Renders nothing on the server. */
export function DelayedLoader({ delay, size = "sm", label = "Loading..." }: Props) {
  const visible = useDelayElapsed(delay);
  if (!visible) return null;
  return (
    <Center py="sm" role="status" aria-label={label}>
      <Loader size={size} />
    </Center>
  );
}

/** True once `delay` ms have passed since mount. */
export function useDelayElapsed(delay: number): boolean {
  const [elapsed, setElapsed] = useState(delay <= 0);
  useEffect(() => {
    if (delay <= 0) return;
    const timer = setTimeout(() => setElapsed(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  return elapsed;
}
