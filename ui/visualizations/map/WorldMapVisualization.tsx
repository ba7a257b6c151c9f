import { Box, type MantineTheme, useComputedColorScheme, useMantineTheme } from "@mantine/core";
import type * as Leaflet from "leaflet";
import { useEffect, useMemo, useRef, useState } from "react";
import type { VisualizationProps } from "../visualization-props.ts";
import { loadBaseLayer, loadLeaflet } from "./load-leaflet.ts";
import { type MapLayer, mapLayers } from "./logic/map-points.ts";
import { DEFAULT_VIEWPORT, MAX_ZOOM, MIN_ZOOM, sameViewport, viewportFromMap } from "./logic/viewport.ts";

type Props = VisualizationProps<"map">;

/** What the mounted map keeps between effects. */
interface MountedMap {
  L: typeof Leaflet;
  map: Leaflet.Map;
  base: Leaflet.GeoJSON | null;
  markers: Leaflet.LayerGroup;
}

/**
 * 'World Map': Leaflet, mounted only in the browser (it touches `window` on import), over an offline base
 * layer of country shapes from world-atlas (no tile server is reachable). Circle markers sized by value;
 * moving or zooming saves the viewport through `onVisualizationConfigChange`.
 */
export function WorldMapVisualization(
  { config, data, visualizationConfig, width, height, onVisualizationConfigChange }: Props,
) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mountedRef = useRef<MountedMap | null>(null);
  const [mounted, setMounted] = useState<MountedMap | null>(null);
  const scheme = useComputedColorScheme("light");
  const theme = useMantineTheme();
  const colors = mapColors(theme, scheme);
  const layers = useMemo(() => mapLayers(data, config), [data, config]);
  const viewport = visualizationConfig.viewport ?? DEFAULT_VIEWPORT;

  // The latest viewport and callback, read by Leaflet's event handler without re-binding it.
  const latest = useRef({ viewport, onVisualizationConfigChange, visualizationConfig });
  latest.current = { viewport, onVisualizationConfigChange, visualizationConfig };

  useEffect(() => {
    let cancelled = false;
    let created: MountedMap | null = null;
    (async () => {
      const L = await loadLeaflet();
      const container = containerRef.current;
      if (cancelled || !container) return;
      const start = latest.current.viewport;
      const map = L.map(container, {
        center: [start.center_x, start.center_y],
        zoom: start.zoom,
        minZoom: MIN_ZOOM,
        maxZoom: MAX_ZOOM,
        worldCopyJump: true,
        attributionControl: false,
      });
      created = { L, map, base: null, markers: L.layerGroup().addTo(map) };
      map.on("moveend", () => {
        const { viewport: saved, onVisualizationConfigChange: save, visualizationConfig: current } =
          latest.current;
        const moved = viewportFromMap(map.getCenter(), map.getZoom());
        if (save && !sameViewport(moved, saved)) save({ ...current, viewport: moved });
      });
      mountedRef.current = created;
      setMounted(created);
      const shapes = await loadBaseLayer();
      if (cancelled) return;
      created.base = L.geoJSON(shapes, { interactive: false }).addTo(map);
      created.base.bringToBack();
      setMounted({ ...created });
    })();
    return () => {
      cancelled = true;
      created?.map.remove();
      mountedRef.current = null;
    };
  }, []);

  // Theme colours of the base layer (land and borders); the sea is the container's background.
  useEffect(() => {
    mounted?.base?.setStyle({ color: colors.border, weight: 0.6, fillColor: colors.land, fillOpacity: 1 });
  }, [mounted, colors.border, colors.land]);

  // Leaflet's zoom buttons are styled by its stylesheet for light pages only; follow the theme here.
  useEffect(() => {
    for (const button of containerRef.current?.querySelectorAll<HTMLElement>(".leaflet-bar a") ?? []) {
      button.style.background = colors.control;
      button.style.color = colors.controlText;
      button.style.borderColor = colors.border;
    }
  }, [mounted, colors.control, colors.controlText, colors.border]);

  useEffect(() => {
    if (mounted) drawMarkers(mounted, layers, colors.markers, colors.markerBorder);
  }, [mounted, layers, colors.markers, colors.markerBorder]);

  // A viewport saved elsewhere (another tab, undo) moves the map; our own saves match and do nothing.
  useEffect(() => {
    if (!mounted) return;
    const current = viewportFromMap(mounted.map.getCenter(), mounted.map.getZoom());
    if (!sameViewport(current, viewport)) {
      mounted.map.setView([viewport.center_x, viewport.center_y], viewport.zoom);
    }
  }, [mounted, viewport.center_x, viewport.center_y, viewport.zoom]);

  useEffect(() => {
    mounted?.map.invalidateSize();
  }, [mounted, width, height]);

  return (
    <Box
      ref={containerRef}
      w={width}
      h={height}
      data-testid="world-map-visualization"
      data-markers={layers.reduce((sum, layer) => sum + layer.markers.length, 0)}
      style={{ background: colors.sea, borderRadius: 4 }}
      role="region"
      aria-label="World map"
    />
  );
}

/** Replaces the markers: one colour per metric layer, a text-only tooltip each (log values are untrusted). */
function drawMarkers(
  { L, markers }: MountedMap,
  layers: MapLayer[],
  palette: readonly string[],
  border: string,
) {
  markers.clearLayers();
  layers.forEach((layer, index) => {
    const color = palette[index % palette.length];
    for (const marker of layer.markers) {
      const tooltip = document.createElement("div");
      for (const line of [marker.key, ...marker.labels, `${layer.name}: ${marker.value}`]) {
        const row = document.createElement("div");
        row.textContent = line;
        tooltip.append(row);
      }
      L.circleMarker([marker.latitude, marker.longitude], {
        radius: marker.radius,
        color: border,
        weight: 1,
        fillColor: color,
        fillOpacity: 0.7,
      }).bindTooltip(tooltip, { direction: "top" }).addTo(markers);
    }
  });
}

/** Resolved colours: Leaflet writes SVG attributes, where CSS variables do not reliably apply. */
function mapColors(theme: MantineTheme, scheme: "light" | "dark") {
  const dark = scheme === "dark";
  const primary = theme.colors[theme.primaryColor];
  return {
    sea: dark ? theme.colors.dark[8] : theme.colors.blue[0],
    land: dark ? theme.colors.dark[5] : theme.colors.gray[2],
    border: dark ? theme.colors.dark[3] : theme.colors.gray[5],
    markerBorder: dark ? theme.colors.dark[9] : theme.white,
    control: dark ? theme.colors.dark[6] : theme.white,
    controlText: dark ? theme.colors.dark[0] : theme.black,
    markers: [
      primary[dark ? 4 : 7],
      theme.colors.orange[dark ? 4 : 7],
      theme.colors.grape[dark ? 4 : 7],
      theme.colors.lime[dark ? 4 : 7],
    ],
  };
}
