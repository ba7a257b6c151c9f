/** The HTTP header authenticator's explanation and the check of its header name (an HTTP token, as the server asks). */
export const HTTP_HEADER_AUTH_TEXT =
  "A reverse proxy that has already signed the user in names them in an HTTP header; the user named is signed in without a password. Only requests from a trusted proxy are believed.";

const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

export function usernameHeaderError(value: string): string | null {
  if (value.trim() === "") return "Field is required.";
  return HEADER_NAME.test(value.trim()) ? null : "Must be an HTTP header name, without spaces or colons.";
}
