import { createTheme, type MantineColorsTuple } from "@mantine/core";

const sluice: MantineColorsTuple = [
  "#e3f8f8", "#d2eeee", "#a8dbdb", "#7bc8c8", "#56b8b8", "#3eaeae", "#2ea9a9", "#1c9494", "#0a8484", "#007272",
];

/** Sluice's Mantine theme; teint and noir are its light and dark colour schemes (spec 000 §9: 16 px root). */
export const theme = createTheme({
  primaryColor: "sluice",
  colors: { sluice },
  primaryShade: { light: 8, dark: 5 },
  fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  fontFamilyMonospace: "'JetBrains Mono', ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
  defaultRadius: "sm",
  breakpoints: { xs: "30em", sm: "48em", md: "62em", lg: "75em", xl: "88em" },
  components: {
    Tooltip: { defaultProps: { maw: 300, multiline: true, withArrow: true } },
  },
});

/** The navbar height (spec 000 §2.3). */
export const NAVBAR_HEIGHT = 55;
