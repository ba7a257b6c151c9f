/**
 * Requests made while not logged in wait for the login to complete (spec 000 §4). Client-only state:
 * the server never installs request hooks.
 */
let release: (() => void) | null = null;
let ready: Promise<void> = new Promise((resolve) => (release = resolve));
let loggedIn = false;

export function markLoggedIn(): void {
  loggedIn = true;
  release?.();
}

export function markLoggedOut(): void {
  if (!loggedIn) return;
  loggedIn = false;
  ready = new Promise((resolve) => (release = resolve));
}

export function waitForLogin(): Promise<void> {
  return ready;
}
