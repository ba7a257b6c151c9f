/**
 * The first Intl formatter a page creates sets up the browser's ICU data: 70–120 ms on Lighthouse's 4× slower
 * phone, later ones well under 1 ms. Without this, that cost fell into whichever task first formatted a number
 * or a time (the navigation's module evaluation, a hydration slice of the message table), making a long task
 * longer; the staged entry pays it in a task of its own instead.
 */
export function warmUpIntl(): void {
  new Intl.NumberFormat("en-US").format(0);
  new Intl.DateTimeFormat("en-CA", { hour: "2-digit", hourCycle: "h23" }).formatToParts(0);
}
