/** The rows of an index set's index table, newest first, from the indexer overview. */
import { formatBytes, formatCount } from "./index-set-form.ts";

interface OverviewIndex {
  size: { events: number; bytes: number } | null;
  range: { begin: string; end: string } | null;
  is_deflector: boolean;
  is_closed: boolean;
}

export interface IndexRow {
  name: string;
  number: number;
  isWriteIndex: boolean;
  closed: boolean;
  range: string;
  documents: string;
  size: string;
}

export function indexRows(overview: { indices: Record<string, OverviewIndex> }): IndexRow[] {
  return Object.entries(overview.indices)
    .map(([name, index]) => ({
      name,
      number: Number(name.slice(name.lastIndexOf("_") + 1)),
      isWriteIndex: index.is_deflector,
      closed: index.is_closed,
      range: rangeText(index),
      documents: index.size ? formatCount(index.size.events) : "–",
      size: index.size ? formatBytes(index.size.bytes) : "–",
    }))
    .sort((a, b) => b.number - a.number);
}

function rangeText(index: OverviewIndex): string {
  if (index.is_closed) return "Closed: not searched";
  if (!index.range || !index.size || index.size.events === 0) return "No messages yet";
  return `${formatTime(index.range.begin)} – ${formatTime(index.range.end)}`;
}

const formatTime = (iso: string) => iso.replace("T", " ").replace(/\.\d+Z$/, "").replace(/Z$/, "");
