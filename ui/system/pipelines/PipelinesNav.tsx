import { Button } from "@mantine/core";
import { Link } from "react-router";
import { paths } from "../../../shared/paths.ts";

type Section = "pipelines" | "rules" | "simulate";

const LINKS: readonly { section: Section; label: string; href: () => string }[] = [
  { section: "pipelines", label: "Manage pipelines", href: () => paths.pipelines.href() },
  { section: "rules", label: "Manage rules", href: () => paths.pipelineRules.href() },
  { section: "simulate", label: "Simulator", href: () => paths.pipelineSimulate.href() },
];

/** The links between the pipeline pages. */
export function PipelinesNav({ active }: { active: Section }) {
  return (
    <>
      {LINKS.map((link) => (
        <Button key={link.section} component={Link} to={link.href()} variant={link.section === active ? "filled" : "default"} size="xs">
          {link.label}
        </Button>
      ))}
    </>
  );
}
