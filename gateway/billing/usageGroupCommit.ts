import type { Pool } from 'pg';
import { recordUsageEvent, recordUsageEvents, type UsageEvent } from '../../activities/metering';

interface Waiting {
  event: UsageEvent;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/** Events one statement carries at most. */
const MAX_EVENTS_PER_INSERT = 500;

/**
 * Meters the screenings of plans without a hard cap in group commits. Alone, an event is
 * inserted at once; events that arrive while an insert is in flight wait for it and then go
 * together in the next one. Under load one INSERT, one commit and one run of the totals
 * trigger meter many screenings instead of one each (each commit wakes PostgreSQL and waits
 * for its WAL flush). `record` settles when the insert carrying the event
 * has committed, or failed: a screening is still never answered before it is metered.
 *
 * When a shared insert fails, each of its events is inserted again on its own, so one event
 * that cannot be recorded fails only its own screening. Inserting again is safe even when the
 * failed insert's outcome is unknown (a connection lost during COMMIT): an event already
 * recorded is skipped by its unique key.
 */
export class UsageGroupCommit {
  private waiting: Waiting[] = [];
  /** The run of inserts under way, if any: it ends when nothing waits. */
  private inserting: Promise<void> | null = null;

  constructor(private readonly pool: Pool) {}

  record(event: UsageEvent): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ event, resolve, reject });
      this.inserting ??= this.insertWaiting();
    });
  }

  /** Settles once every event recorded so far has been inserted or refused: before the pool closes. */
  async drain(): Promise<void> {
    while (this.inserting) await this.inserting;
  }

  private async insertWaiting(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, MAX_EVENTS_PER_INSERT);
      try {
        await recordUsageEvents(
          this.pool,
          batch.map((w) => w.event),
        );
        for (const w of batch) w.resolve();
      } catch (err) {
        if (batch.length === 1) batch[0].reject(err);
        else await this.insertEach(batch);
      }
    }
    this.inserting = null;
  }

  private async insertEach(batch: Waiting[]): Promise<void> {
    for (const w of batch) {
      try {
        await recordUsageEvent(this.pool, w.event);
        w.resolve();
      } catch (err) {
        w.reject(err);
      }
    }
  }
}
