/// <reference lib="deno.worker" />
/**
 * The worker that writes the token texts of the second half of an import's lines beside the JS thread
 * (line-token-texts.ts writeLineTokenTexts): one request, its parts reported as written, then its counts.
 */
import {
  partPaths,
  type TokenTextsReport,
  type TokenTextsRequest,
  writePieceTokenTexts,
} from "./line-token-texts.ts";

self.onmessage = async (event: MessageEvent<TokenTextsRequest>) => {
  const { pieces, dir, partLines } = event.data;
  const tell = (report: TokenTextsReport) => self.postMessage(report);
  try {
    const found = await writePieceTokenTexts(
      pieces,
      partPaths(dir, "b"),
      (path) => tell({ kind: "part", path }),
      partLines,
    );
    tell({ kind: "done", found });
  } catch (error) {
    tell({ kind: "failed", message: error instanceof Error ? error.message : String(error) });
  }
};
