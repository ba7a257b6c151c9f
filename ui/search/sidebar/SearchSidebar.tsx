import { ActionIcon, Box, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconCirclePlus, IconInfoCircle, IconPilcrow, IconPin, IconPinnedOff, IconSubscript } from "@tabler/icons-react";
import type { ComponentType, ReactNode } from "react";
import { memo, useCallback, useEffect, useRef, useState } from "react";
import { HoverTooltip } from "../../common/hover-tooltip/HoverTooltip.tsx";
import { OverlayResizeHandle } from "./OverlayResizeHandle.tsx";
import {
  initialSection,
  NARROW_SCREEN_QUERY,
  NAV_RAIL_WIDTH,
  OVERLAY_MIN_WIDTH,
  PINNABLE_FROM_BREAKPOINT,
  shownPinned,
  SIDEBAR_WIDTH,
  toggledSection,
} from "./sidebar-pin.ts";
import { useSidebarPinned } from "./use-sidebar-pinned.ts";

export { NAV_RAIL_WIDTH, SIDEBAR_WIDTH };

export const SIDEBAR_SECTIONS = ["description", "create", "highlighting", "fields"] as const;
export type SidebarSection = (typeof SIDEBAR_SECTIONS)[number];

/** Above the page's widgets and sticky table headers, below Mantine's menus, popovers and modals (200+). */
const OVERLAY_Z_INDEX = 150;

interface Props {
  /** The content of each section. */
  sections: Record<SidebarSection, ReactNode>;
}

/**
 * The search page's left sidebar (spec 001 §2 'Sidebar', §4): a nav rail of section icons and the open section.
 * Pinned, the section sits inline beside the page and is open on the first section when the page opens;
 * unpinned, it opens over the page with a backdrop, can be resized from 315 to 500 px, and closes on a backdrop
 * click or Escape. Clicking the open section's icon closes it; the pin toggle is in the section's header.
 * On a narrow screen (a phone) it is always the overlay, so the widgets get the width (sidebar-pin.ts).
 */
export function SearchSidebar({ sections }: Props) {
  const { pinned: preferencePinned, setPinned } = useSidebarPinned();
  // False in the server render and hydration (which must agree), the real answer right after mounting.
  const narrowScreen = useMediaQuery(NARROW_SCREEN_QUERY, false);
  const pinned = shownPinned(preferencePinned, narrowScreen);
  const [active, setActive] = useState<SidebarSection | null>(() => initialSection(pinned, SIDEBAR_SECTIONS));
  const [overlayWidth, setOverlayWidth] = useState(OVERLAY_MIN_WIDTH);
  // A read-only user's choice is read from local storage after mounting, and a phone unpins after mounting: until
  // the user touches the pin, the page opens as that says (first section when pinned, closed as an overlay).
  // Adjusted during the render, not in an effect: an effect would let the overlay paint open for a frame first.
  const [pinTouched, setPinTouched] = useState(false);
  const [activeChosenFor, setActiveChosenFor] = useState(pinned);
  if (activeChosenFor !== pinned) {
    setActiveChosenFor(pinned);
    if (!pinTouched) setActive(initialSection(pinned, SIDEBAR_SECTIONS));
  }
  const overlayOpen = !pinned && active !== null;
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!overlayOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // Escape in a menu or dialog opened from the sidebar (rendered elsewhere) closes only that.
      const target = event.target as Node | null;
      const inSidebar = target === document.body || (target !== null && root.current?.contains(target));
      if (event.key === "Escape" && inSidebar) setActive(null);
    };
    // Capture phase: a tooltip on the focused rail icon stops Escape from bubbling to the document.
    document.addEventListener("keydown", onKeyDown, true);
    return () => document.removeEventListener("keydown", onKeyDown, true);
  }, [overlayOpen]);

  const toggleSection = useCallback(
    (section: SidebarSection) => setActive((current) => toggledSection(current, section)),
    [],
  );
  const togglePin = () => {
    setPinTouched(true);
    setPinned(!preferencePinned);
  };
  const panel = active && (
    <>
      <Group justify="space-between" wrap="nowrap" mb="sm" gap="xs">
        <Title order={2} size="h4">{SECTION_META[active].title}</Title>
        {/* A narrow screen cannot show the sidebar inline: no toggle there (the preference stays as it is). */}
        {!narrowScreen && (
          <HoverTooltip label={pinned ? "Display sidebar as overlay" : "Display sidebar inline"} position="bottom">
            <ActionIcon
              variant={pinned ? "light" : "subtle"}
              aria-label="Pin sidebar"
              aria-pressed={pinned}
              onClick={togglePin}
            >
              {pinned ? <IconPinnedOff size={16} /> : <IconPin size={16} />}
            </ActionIcon>
          </HoverTooltip>
        )}
      </Group>
      {sections[active]}
    </>
  );

  return (
    <Box
      ref={root}
      data-testid="search-sidebar"
      data-pinned={pinned}
      style={{ position: "relative", display: "flex", alignItems: "stretch", flexShrink: 0 }}
    >
      <NavRail active={active} overlayOpen={overlayOpen} onToggle={toggleSection} />
      {active && pinned && (
        <Box
          w={SIDEBAR_WIDTH}
          p="sm"
          // Hidden on a narrow screen before the browser knows it is one (the server's render, hydration).
          visibleFrom={PINNABLE_FROM_BREAKPOINT}
          style={{ borderRight: "1px solid var(--mantine-color-default-border)" }}
          role="region"
          aria-label={SECTION_META[active].title}
        >
          {panel}
        </Box>
      )}
      {active && !pinned && (
        <>
          <Box
            data-testid="sidebar-backdrop"
            aria-hidden
            onClick={() => setActive(null)}
            style={{
              position: "fixed",
              inset: 0,
              zIndex: OVERLAY_Z_INDEX,
              background: "var(--mantine-color-dark-9)",
              opacity: 0.35,
            }}
          />
          <Paper
            shadow="lg"
            radius={0}
            p="sm"
            role="region"
            aria-label={SECTION_META[active].title}
            data-testid="sidebar-overlay"
            style={{
              position: "absolute",
              top: 0,
              left: NAV_RAIL_WIDTH,
              minHeight: "100%",
              width: overlayWidth,
              zIndex: OVERLAY_Z_INDEX + 1,
              borderRight: "1px solid var(--mantine-color-default-border)",
            }}
          >
            {panel}
            <OverlayResizeHandle width={overlayWidth} onResize={setOverlayWidth} />
          </Paper>
        </>
      )}
    </Box>
  );
}

interface NavRailProps {
  active: SidebarSection | null;
  overlayOpen: boolean;
  onToggle: (section: SidebarSection) => void;
}

/**
 * The section icons. Memoized: the page renders several times per search (submit, loading, answer) and the rail's
 * tooltips need not render with it; only the open section changes them.
 */
const NavRail = memo(function NavRail({ active, overlayOpen, onToggle }: NavRailProps) {
  return (
    <Stack
      gap="xs"
      w={NAV_RAIL_WIDTH}
      py="sm"
      align="center"
      style={{
        borderRight: "1px solid var(--mantine-color-default-border)",
        // Over the backdrop, so that another section can be chosen while the overlay is open.
        position: "relative",
        zIndex: overlayOpen ? OVERLAY_Z_INDEX + 1 : undefined,
        background: "var(--mantine-color-body)",
      }}
      component="nav"
      aria-label="Search sidebar"
    >
      {SIDEBAR_SECTIONS.map((section) => {
        const { title, Icon } = SECTION_META[section];
        return (
          <HoverTooltip key={section} label={title} position="right">
            <ActionIcon
              variant={active === section ? "filled" : "subtle"}
              size="lg"
              aria-label={title}
              aria-pressed={active === section}
              onClick={() => onToggle(section)}
            >
              <Icon size={20} />
            </ActionIcon>
          </HoverTooltip>
        );
      })}
    </Stack>
  );
});

const SECTION_META: Record<SidebarSection, { title: string; Icon: ComponentType<{ size?: number }> }> = {
  description: { title: "Description", Icon: IconInfoCircle },
  create: { title: "Create", Icon: IconCirclePlus },
  highlighting: { title: "Highlighting", Icon: IconPilcrow },
  fields: { title: "Fields", Icon: IconSubscript },
};

interface DescriptionProps {
  durationMs: number | null;
  executedAt: string | null;
  formatTime: (iso: string) => string;
  /** The saved search's texts; null for an unsaved search. */
  saved: { summary: string; description: string } | null;
}

/** The Description section: execution, then the saved search's summary and description or the spec's empty texts. */
export function DescriptionSection({ durationMs, executedAt, formatTime, saved }: DescriptionProps) {
  return (
    <Stack gap="sm">
      <Text size="sm" data-testid="sidebar-execution">
        {durationMs === null
          ? "No query executed yet."
          : `Query executed in ${durationMs} ms${executedAt ? ` at ${formatTime(executedAt)}` : ""}.`}
      </Text>
      {saved?.summary
        ? <Text size="sm" fw={500} data-testid="view-summary" style={{ whiteSpace: "pre-wrap" }}>{saved.summary}</Text>
        : <Text size="sm" c="dimmed" fs="italic">This search has no summary.</Text>}
      {saved?.description
        ? <Text size="sm" data-testid="view-description" style={{ whiteSpace: "pre-wrap" }}>{saved.description}</Text>
        : <Text size="sm" c="dimmed" fs="italic">This search has no description.</Text>}
      {!saved && (
        <Text size="xs" c="dimmed">
          Save the search or export it to a dashboard to add a custom summary and description.
        </Text>
      )}
    </Stack>
  );
}
