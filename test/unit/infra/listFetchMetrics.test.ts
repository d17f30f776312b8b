import { createWorkerMetrics } from '../../../infra/worker/metrics';

describe('worker metrics of list fetches', () => {
  it('count each fetch by source and outcome, a failure with its recipe step and HTTP status', async () => {
    const metrics = createWorkerMetrics();
    metrics.listFetch({ sourceKey: 'state_ny', outcome: 'new', step: null, status: 200 });
    metrics.listFetch({ sourceKey: 'state_ga', outcome: 'failed', step: 'find_link', status: null });
    metrics.listFetch({ sourceKey: 'state_ga', outcome: 'failed', step: 'find_link', status: null });
    metrics.listFetch({ sourceKey: 'sam_exclusions', outcome: 'failed', step: 'api_call', status: 403 });
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/worker_list_fetch_total\{[^}]*source="state_ga",outcome="failed",step="find_link",status=""[^}]*\} 2/);
    expect(text).toMatch(/worker_list_fetch_total\{[^}]*source="sam_exclusions",outcome="failed",step="api_call",status="403"[^}]*\} 1/);
    expect(text).toMatch(/worker_list_fetch_total\{[^}]*source="state_ny",outcome="new",step="",status="200"[^}]*\} 1/);
  });
});
