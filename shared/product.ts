/** Product constants shown in texts (spec README: the product is Sluice, version 5.1.10). */
export const PRODUCT_NAME = "Sluice";
export const PRODUCT_VERSION = "5.1.10";
export const DEFAULT_STREAM_ID = "000000000000000000000001";
