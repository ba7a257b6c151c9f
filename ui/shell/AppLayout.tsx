import { Box } from "@mantine/core";
import { useAtom } from "jotai";
import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { ReportedErrorPage } from "../errors/ReportedErrorPage.tsx";
import { Scratchpad } from "../scratchpad/Scratchpad.tsx";
import { Footer } from "./Footer.tsx";
import { Navigation } from "./Navigation.tsx";
import { reportedErrorAtom } from "./reported-error.ts";

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
      <Scratchpad />
    </Box>
  );
}
