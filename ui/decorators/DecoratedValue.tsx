import { Anchor } from "@mantine/core";
import type { ReactNode } from "react";

interface Props {
  value: unknown;
  /** How any other value is shown (the message table's text rendering). */
  children: ReactNode;
}

/**
 * A field value a decorator may have turned into a link (`{type: "a", href}`): rendered as an anchor only for
 * http and https URLs, opened in a new tab without access to this page; everything else renders as the
 * children (text).
 */
export function DecoratedValue({ value, children }: Props) {
  const link = decoratedLinkHref(value);
  if (!link) return <>{children}</>;
  return <Anchor href={link} target="_blank" rel="noopener noreferrer nofollow">{link}</Anchor>;
}

/** The href of a decorated link value, when it is one with an http(s) URL (checked again here: never trust the wire). */
export function decoratedLinkHref(value: unknown): string | null {
  if (typeof value !== "object" || value === null) return null;
  const { type, href } = value as Record<string, unknown>;
  if (type !== "a" || typeof href !== "string" || !URL.canParse(href)) return null;
  const protocol = new URL(href).protocol;
  return protocol === "http:" || protocol === "https:" ? href : null;
}
