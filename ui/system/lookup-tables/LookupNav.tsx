import { Button } from "@mantine/core";
import { Link } from "react-router";
import { paths } from "../../../shared/paths.ts";
import type { LookupKind } from "./logic/lookup-list.ts";

interface Props {
  active: LookupKind;
}

const LINKS: readonly { kind: LookupKind; label: string; href: () => string }[] = [
  { kind: "tables", label: "Lookup Tables", href: () => paths.lookupTables.href() },
  { kind: "caches", label: "Caches", href: () => paths.lookupCaches.href() },
  { kind: "adapters", label: "Data Adapters", href: () => paths.lookupAdapters.href() },
];

/** The links between the three lookup lists, above each lookup page. */
export function LookupNav({ active }: Props) {
  return (
    <>
      {LINKS.map((link) => (
        <Button key={link.kind} component={Link} to={link.href()} variant={link.kind === active ? "filled" : "default"} size="xs">
          {link.label}
        </Button>
      ))}
    </>
  );
}
