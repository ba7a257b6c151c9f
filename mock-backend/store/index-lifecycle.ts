/** Told when the store starts a new write index or its retention closes or deletes one (system messages, jobs). */
export interface IndexLifecycleListener {
  cycled(indexSetId: string, previous: string | null, next: string): void;
  retired(indexSetId: string, index: string, status: "closed" | "deleted"): void;
}

export const NO_INDEX_LIFECYCLE_LISTENER: IndexLifecycleListener = { cycled: () => {}, retired: () => {} };
