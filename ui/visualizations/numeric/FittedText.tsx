import { Box } from "@mantine/core";
import { useIsomorphicEffect } from "@mantine/hooks";
import { type ReactNode, useRef, useState } from "react";
import { FONT_FIT, nextFontSize } from "./logic/font-fit.ts";

interface Props {
  width: number;
  height: number;
  /** The text shown; fitting starts over when it changes. */
  fitKey: string;
  children: ReactNode;
  color?: string;
  testId?: string;
  title?: string;
}

/**
 * Text whose font grows or shrinks until it fills about 80 % of its box (spec 001 §9 font fit): measured in
 * the browser after each render, at most a few correction steps per content or size change.
 */
export function FittedText({ width, height, fitKey, children, color, testId, title }: Props) {
  const textRef = useRef<HTMLSpanElement>(null);
  const [fit, setFit] = useState<{ size: number; steps: number }>({ size: FONT_FIT.startSize, steps: 0 });

  // A new text or box size earns a fresh budget of correction steps, starting from the current size.
  useIsomorphicEffect(() => setFit((previous) => ({ size: previous.size, steps: 0 })), [
    width,
    height,
    fitKey,
  ]);

  useIsomorphicEffect(() => {
    const text = textRef.current;
    if (!text || fit.steps >= FONT_FIT.maxSteps) return;
    const next = nextFontSize(fit.size, { width: text.offsetWidth, height: text.offsetHeight }, {
      width,
      height,
    });
    if (next !== fit.size) setFit({ size: next, steps: fit.steps + 1 });
  }, [fit, width, height, fitKey]);

  return (
    <Box
      w={width}
      h={height}
      style={{ display: "flex", alignItems: "center", justifyContent: "center", overflow: "hidden" }}
      title={title}
    >
      <span
        ref={textRef}
        data-testid={testId}
        style={{
          fontSize: fit.size,
          lineHeight: 1.1,
          whiteSpace: "nowrap",
          color,
          display: "inline-flex",
          alignItems: "center",
          gap: "0.25em",
        }}
      >
        {children}
      </span>
    </Box>
  );
}
