import { Box } from "@mantine/core";
import { useAtom, useAtomValue } from "jotai";
import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { ReportedErrorPage } from "../errors/ReportedErrorPage.tsx";
import { Scratchpad } from "../scratchpad/Scratchpad.tsx";
import { scratchpadOpenAtom } from "../scratchpad/scratchpad-state.ts";
import { Footer } from "./Footer.tsx";
import { Navigation } from "./Navigation.tsx";
import { reportedErrorAtom } from "./reported-error.ts";
import { useBrowserIdle } from "./use-browser-idle.ts";

/** Navigation, the page (or the error a page reported, cleared on navigation), footer and scratchpad. */
export function AppLayout() {
  const { pathname } = useLocation();
  const [reported, setReported] = useAtom(reportedErrorAtom);
  useEffect(() => setReported(null), [pathname, setReported]);
  return (
    <Box style={{ minHeight: "100vh", display: "flex", flexDirection: "column" }}>
      <Navigation />
      <Box component="main" style={{ flex: 1 }}>
        {reported ? <ReportedErrorPage error={reported} /> : <Outlet />}
      </Box>
      <Footer />
      <IdleScratchpad />
    </Box>
  );
}

/**
 * The scratchpad, mounted once the page is idle (its mount reads local storage and re-renders the navigation's
 * toggle) or at once when it is opened. Its own component, so that mounting it leaves the page alone. Its code
 * comes with the shell: loaded on demand, a dropped connection (the server restarting) made the chunk fail to load
 * and took the whole page to the error screen.
 */
function IdleScratchpad() {
  const idle = useBrowserIdle();
  const open = useAtomValue(scratchpadOpenAtom);
  return idle || open ? <Scratchpad /> : null;
}
