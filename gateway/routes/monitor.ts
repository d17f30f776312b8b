import { notImplemented } from '../errors';
import type { Handler } from './handler';

/**
 * PUT /monitor and DELETE /monitor/{id}: validated and guarded by the chain; enrollment and
 * removal land with the monitoring workflow. Nothing is written or metered.
 */
export const enrollMonitor: Handler = async () => {
  throw notImplemented('Continuous monitoring');
};

export const removeMonitor: Handler = async () => {
  throw notImplemented('Continuous monitoring');
};
