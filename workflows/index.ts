/** Every workflow the worker registers (the workflow bundle is built from this file). */
export { batchScreening } from './batchScreening';
export { listIngestion } from './listIngestion';
export { listVersionFanOut } from './listVersionFanOut';
export { monitoredEntity } from './monitoredEntity';
export { monitoringCatchUp } from './monitoringCatchUp';
export { organizationResume } from './organizationResume';
export { recordMonthMetering } from './recordMonthMetering';
export { unstartedDeliverySweep } from './unstartedDeliverySweep';
export { webhookDelivery } from './webhookDelivery';
