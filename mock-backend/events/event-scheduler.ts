import type { EventDefinition } from "../../api/schemas/events.ts";
import type { IndexedEvent } from "./aggregation-events.ts";
import type { EmbeddedEventStore, NewEventsHook } from "./event-store.ts";

export interface EventSchedulerOptions {
  /** How often the scheduler looks for windows that have ended. */
  tickMs: number;
  /** How long after a window's end it is evaluated, so that its last messages are stored. */
  lagMs: number;
}

export const DEFAULT_EVENT_SCHEDULER_OPTIONS: EventSchedulerOptions = { tickMs: 1_000, lagMs: 1_000 };

/**
 * Graylog's event scheduler for the embedded backend: every scheduled definition is evaluated over each window
 * once it has ended, in order. Its mark (the end of the last evaluated window) is stored with the new events in one
 * transaction, so a restart goes on from there: no window is evaluated twice, none is skipped.
 */
export class EventScheduler {
  #timer: ReturnType<typeof setInterval> | null = null;
  #work: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: EmbeddedEventStore,
    private readonly evaluate: (definition: EventDefinition, range: { from: number; to: number }) => Promise<IndexedEvent[]>,
    private readonly onNew: NewEventsHook,
    private readonly options: EventSchedulerOptions = DEFAULT_EVENT_SCHEDULER_OPTIONS,
  ) {}

  start(): void {
    this.#timer ??= setInterval(() => void this.tick().catch((error) => console.error("Evaluating event definitions failed", error)), this.options.tickMs);
  }

  async stop(): Promise<void> {
    if (this.#timer !== null) clearInterval(this.#timer);
    this.#timer = null;
    await this.#work.catch(() => undefined);
  }

  /** Runs `work` when no evaluation is running (the start-up catch-up and the ticks never overlap). */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#work.catch(() => undefined).then(work);
    this.#work = run;
    return run;
  }

  /** Evaluates the windows that ended by `now` minus the lag; resolves to how many events were new. */
  tick(now = Date.now()): Promise<number> {
    return this.exclusive(async () => {
      let added = 0;
      const scheduled = await this.store.scheduledIds();
      for (const definition of await this.store.definitions()) {
        if (!scheduled.has(definition.id)) continue;
        const schedule = await this.store.schedule(definition.id);
        const every = definition.config.execute_every_ms;
        const until = Math.floor((now - this.options.lagMs) / every) * every;
        const from = schedule?.evaluatedUntil ?? until;
        if (until <= from) continue;
        // Windows ending (exclusively) after the mark up to `until`: their last milliseconds are k·every − 1.
        const events = await this.evaluate(definition, { from: from + every - 1, to: until - 1 });
        added += (await this.store.appendEvents(definition, events, until, this.onNew)).length;
      }
      return added;
    });
  }
}
