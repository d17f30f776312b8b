import * as registered from '../../../workflows';
import type { Workflows } from '../../../workflows/contracts';

/**
 * The starters start a workflow by its name in workflows/contracts.ts `Workflows`: each name there
 * must be a workflow the worker registers (an export of workflows/index.ts), of the function type
 * the contract gives it, and each registered workflow must have its contract.
 */
const CONTRACT_NAMES: Record<keyof Workflows, true> = {
  batchScreening: true,
  listIngestion: true,
  listVersionFanOut: true,
  monitoredEntity: true,
  monitoringCatchUp: true,
  organizationResume: true,
  recordMonthMetering: true,
  unstartedDeliverySweep: true,
  webhookDelivery: true,
};

// The compiler checks each registered workflow against its contract's function type.
const typed: Workflows = registered;

describe('the workflow contracts', () => {
  it('name exactly the workflows the worker registers, each a function', () => {
    expect(Object.keys(registered).sort()).toEqual(Object.keys(CONTRACT_NAMES).sort());
    for (const name of Object.keys(CONTRACT_NAMES) as Array<keyof Workflows>) expect(typeof typed[name]).toBe('function');
  });

  it('give each workflow the name it is registered under', () => {
    for (const [name, fn] of Object.entries(registered)) expect(fn.name).toBe(name);
  });
});
