import { useEffect } from "react";
import { pageConfig } from "../api/page-config.ts";

/** 'Title - Sluice' while the page is shown; the product name again when it is left (spec 000 §2.5). */
export function documentTitle(title: string | null): string {
  const product = pageConfig().productName;
  return title ? `${title} - ${product}` : product;
}

export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = documentTitle(title);
    return () => {
      document.title = documentTitle(null);
    };
  }, [title]);
}
