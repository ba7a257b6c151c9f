import { NavLink as MantineNavLink } from "@mantine/core";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";

interface Props {
  to: string;
  label: ReactNode;
  /** Also active for paths below `to` (relative matching). */
  matchPrefix?: boolean;
  leftSection?: ReactNode;
}

/**
 * A navigation entry that is active when the current path equals its target, or starts with it when
 * relative matching is on; query and hash are ignored (spec 000 §2.5 link wrapper).
 */
export function NavItem({ to, label, matchPrefix = false, leftSection }: Props) {
  const { pathname } = useLocation();
  return (
    <MantineNavLink
      component={Link}
      to={to}
      label={label}
      leftSection={leftSection}
      active={isActivePath(pathname, to, matchPrefix)}
      variant="subtle"
      style={{ borderRadius: "var(--mantine-radius-sm)", width: "auto" }}
      py={6}
      px={10}
    />
  );
}

export function isActivePath(pathname: string, target: string, matchPrefix: boolean): boolean {
  const path = target.split(/[?#]/)[0];
  if (pathname === path) return true;
  return matchPrefix && pathname.startsWith(path.endsWith("/") ? path : `${path}/`);
}
