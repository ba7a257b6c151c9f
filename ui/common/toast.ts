import { notifications } from "@mantine/notifications";
import { errorToastText } from "../api/fetch-error.ts";

/** Toast timeouts of spec 000 §9. */
export const TOAST_TIMEOUT_MS = 7000;
export const ERROR_TOAST_TIMEOUT_MS = 10000;

/** A success toast titled 'Success' (7 s). */
export function toastSuccess(message: string, title = "Success"): void {
  notifications.show({ title, message, color: "green", autoClose: TOAST_TIMEOUT_MS });
}

/** An error toast titled 'Error' (10 s); FetchErrors are formatted as spec 000 §8 says. */
export function toastError(error: unknown, title = "Error"): void {
  const message = typeof error === "string" ? error : errorToastText(error);
  notifications.show({ title, message, color: "red", autoClose: ERROR_TOAST_TIMEOUT_MS });
}
