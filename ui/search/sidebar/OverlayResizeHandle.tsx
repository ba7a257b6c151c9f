import { Box } from "@mantine/core";
import type { KeyboardEvent, PointerEvent } from "react";
import { useRef } from "react";
import { clampOverlayWidth, OVERLAY_MAX_WIDTH, OVERLAY_MIN_WIDTH } from "./sidebar-pin.ts";

interface Props {
  width: number;
  onResize: (width: number) => void;
}

/** Keyboard step of the handle, in px. */
const KEY_STEP = 10;

/**
 * The drag handle on the overlay sidebar's right edge (spec 001 §9: 315 to 500 px). A separator with its value,
 * so that it can also be moved with the arrow keys, Home and End.
 */
export function OverlayResizeHandle({ width, onResize }: Props) {
  const drag = useRef<{ startX: number; startWidth: number } | null>(null);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: event.clientX, startWidth: width };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    onResize(clampOverlayWidth(drag.current.startWidth + event.clientX - drag.current.startX));
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!Object.hasOwn(KEYS, event.key)) return;
    event.preventDefault();
    onResize(clampOverlayWidth(KEYS[event.key](width)));
  };
  return (
    <Box
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize sidebar"
      aria-valuemin={OVERLAY_MIN_WIDTH}
      aria-valuemax={OVERLAY_MAX_WIDTH}
      aria-valuenow={width}
      tabIndex={0}
      data-testid="sidebar-resize-handle"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      style={{
        position: "absolute",
        top: 0,
        right: -3,
        bottom: 0,
        width: 6,
        cursor: "col-resize",
        touchAction: "none",
      }}
    />
  );
}

const KEYS: Record<string, (width: number) => number> = {
  ArrowLeft: (width) => width - KEY_STEP,
  ArrowRight: (width) => width + KEY_STEP,
  Home: () => OVERLAY_MIN_WIDTH,
  End: () => OVERLAY_MAX_WIDTH,
};
