import { Badge, TextInput } from "@mantine/core";
import { useState } from "react";
import { evaluateDurationInput } from "./logic/iso-duration.ts";

interface Props {
  label?: string;
  help?: string;
  /** An ISO-8601 duration such as P1D or PT5M. */
  duration: string;
  /** Called only with valid durations. */
  onChange(duration: string): void;
  /** Extra bound on the duration (in ms); false counts as invalid. */
  validator?(milliseconds: number, text: string): boolean;
  /** Shown under the input while the text is invalid. */
  errorText?: string;
  required?: boolean;
  disabled?: boolean;
}

/**
 * An ISO-8601 duration field (spec 000 §5): upper-cases what is typed, adds a missing P, and propagates the
 * value only when it is a valid duration; otherwise it shows 'invalid'.
 */
export function DurationInput(
  { label, help, duration, onChange, validator, errorText, required, disabled }: Props,
) {
  const [text, setText] = useState(duration);
  const result = evaluateDurationInput(text, validator);
  return (
    <TextInput
      label={label}
      description={help}
      required={required}
      withAsterisk={false}
      disabled={disabled}
      value={text}
      error={!result.valid && errorText ? errorText : undefined}
      rightSectionWidth={150}
      rightSection={
        <Badge variant="light" color={result.valid ? "gray" : "red"} tt="none" maw={140}>
          {result.label}
        </Badge>
      }
      onChange={(event) => {
        const next = evaluateDurationInput(event.currentTarget.value, validator);
        setText(next.text);
        if (next.valid) onChange(next.text);
      }}
    />
  );
}
