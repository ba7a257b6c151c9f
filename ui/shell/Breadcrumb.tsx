import { Anchor, Breadcrumbs, Text } from "@mantine/core";
import { useAtomValue, useSetAtom } from "jotai";
import { useEffect } from "react";
import { Link } from "react-router";
import { breadcrumbAtom, type Crumb } from "./breadcrumb.ts";

/** The header breadcrumb slot; empty unless a page set crumbs with `useBreadcrumb`. */
export function Breadcrumb() {
  const crumbs = useAtomValue(breadcrumbAtom);
  if (crumbs.length === 0) return null;
  return (
    <Breadcrumbs separator="›" data-testid="breadcrumb">
      {crumbs.map((crumb) =>
        crumb.href
          ? <Anchor key={crumb.label} component={Link} to={crumb.href} size="sm">{crumb.label}</Anchor>
          : <Text key={crumb.label} size="sm" fw={600}>{crumb.label}</Text>
      )}
    </Breadcrumbs>
  );
}

/** Sets the header breadcrumb while the calling page is shown. */
export function useBreadcrumb(crumbs: Crumb[]): void {
  const set = useSetAtom(breadcrumbAtom);
  const key = JSON.stringify(crumbs);
  useEffect(() => {
    set(JSON.parse(key));
    return () => set([]);
  }, [key, set]);
}
