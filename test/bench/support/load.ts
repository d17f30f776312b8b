import autocannon from 'autocannon';

export function runLoad(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

export function reportLoad(label: string, r: autocannon.Result): void {
  console.log(
    `${label.padEnd(34)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50=${r.latency.p50} ms  p99=${r.latency.p99} ms  ` +
      `max=${r.latency.max} ms  2xx=${r['2xx']}  non2xx=${r.non2xx}  errors=${r.errors}  timeouts=${r.timeouts}`,
  );
}
