import { Button, Menu } from "@mantine/core";
import { IconChevronDown, IconPlayerPauseFilled, IconPlayerPlayFilled } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import {
  chooseInterval,
  isoDurationMs,
  refreshButtonLabel,
  type RefreshOption,
  type RefreshState,
} from "./logic/auto-refresh.ts";

interface Props {
  refresh: RefreshState;
  onChange: (next: RefreshState) => void;
  /** The configured intervals, shortest first (`refreshOptions(config)`). */
  options: readonly RefreshOption[];
  /** Called on every tick while enabled. */
  onRefresh: () => void;
}

/**
 * The auto-refresh control of the search bar (spec 001 §2, §4): start/stop, and a menu of the configured
 * intervals (choosing one starts refreshing). Each tick calls `onRefresh`; the timer ends with the component,
 * so leaving the page stops it.
 */
export function AutoRefreshControl({ refresh, onChange, options, onRefresh }: Props) {
  // The timer reads the newest callback: a re-render must not restart the interval.
  const latest = useRef(onRefresh);
  latest.current = onRefresh;
  const ms = isoDurationMs(refresh.interval);

  useEffect(() => {
    if (!refresh.enabled || !ms) return;
    const timer = setInterval(() => latest.current(), ms);
    return () => clearInterval(timer);
  }, [refresh.enabled, ms]);

  const toggle = () => onChange({ ...refresh, enabled: !refresh.enabled });
  return (
    <Button.Group>
      <Button
        variant="default"
        onClick={toggle}
        aria-label={refresh.enabled ? "Pause refreshing search results" : "Start refreshing search results"}
        aria-pressed={refresh.enabled}
        leftSection={refresh.enabled
          ? <IconPlayerPauseFilled size={14} />
          : <IconPlayerPlayFilled size={14} />}
        data-testid="auto-refresh-toggle"
      >
        {refreshButtonLabel(refresh)}
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" px={8} aria-label="Refresh interval">
            <IconChevronDown size={14} />
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Refresh every</Menu.Label>
          {options.map((option) => (
            <Menu.Item
              key={option.interval}
              onClick={() => onChange(chooseInterval(option.interval))}
              fw={refresh.enabled && option.interval === refresh.interval ? 700 : undefined}
            >
              {option.label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Button.Group>
  );
}
