import { Tooltip, type TooltipProps } from "@mantine/core";
import { useMergedRef } from "@mantine/hooks";
import { cloneElement, type PointerEvent, type ReactElement, type Ref, useRef, useState } from "react";

/** What the tooltip needs of its target element. */
interface TargetProps {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
}

type Props = Omit<TooltipProps, "children" | "target" | "opened" | "defaultOpened"> & {
  children: ReactElement<TargetProps>;
};

/**
 * Mantine's Tooltip, shown while a mouse is over its target, with its floating part mounted only once the target has
 * first been hovered. A Tooltip mounted with the page sets state in its first commit (its floating reference, its
 * portal), so each one made the hydration commit that brought it re-render synchronously in the same task: the
 * widget frames' and the sidebar rail's tooltips were about a quarter of that work on the search page. The target
 * is rendered in the same place either way, so mounting the tooltip never remounts it. Like Mantine's default,
 * nothing shows on touch.
 */
export function HoverTooltip({ children, ...tooltip }: Props) {
  const target = useRef<HTMLElement>(null);
  const [mounted, setMounted] = useState(false);
  const [hovered, setHovered] = useState(false);
  const ref = useMergedRef(target, children.props.ref);
  return (
    <>
      {cloneElement(children, {
        ref,
        onPointerEnter: (event: PointerEvent<HTMLElement>) => {
          children.props.onPointerEnter?.(event);
          if (event.pointerType === "touch") return;
          setMounted(true);
          setHovered(true);
        },
        onPointerLeave: (event: PointerEvent<HTMLElement>) => {
          children.props.onPointerLeave?.(event);
          setHovered(false);
        },
      })}
      {mounted && <Tooltip {...tooltip} target={target} opened={hovered} />}
    </>
  );
}
