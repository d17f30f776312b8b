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
 * Meters uncapped plans' screenings in group commits: events arriving while an insert is in flight
 * go together in the next, so under load one INSERT, commit and WAL flush meter many screenings.
 * `record` settles once its event's insert committed or failed, so no screening is answered before
 * it is metered. A failed shared insert is retried event by event (safe even if its COMMIT's
 * outcome is unknown: the unique key skips recorded events), so one bad event fails only its own.
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
