/** Every workflow the worker registers (the workflow bundle is built from this file). */
export { batchScreening } from './batchScreening';
export { listIngestion } from './listIngestion';
export { monitoredEntity } from './monitoredEntity';
export { recordMonthMetering } from './recordMonthMetering';
export { webhookDelivery } from './webhookDelivery';
