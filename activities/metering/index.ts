/**
 * Metering's public entry: the usage ledger, billing periods and allowance reservations,
 * shared by the gateway (single screens, batch submission, usage reads) and the activities
 * (batch items, record-months).
 */
export { billingPeriod, isPeriod, periodBounds, periodResetDate } from './period';
export { meterActiveRecordMonths, sweptPeriods } from './recordMonths';
export { readPeriodCounts, recordUsageEvent, recordUsageEvents, type UsageEvent } from './ledger';
export {
  consumeReservation,
  consumeSingleReservation,
  createReservation,
  lockAllowancePeriod,
  releaseReservation,
  reservedAllowance,
} from './reservations';
