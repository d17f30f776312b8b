// Guards against a fault test reaching the machine's shared services: the private stack must be up.
for (const name of ['FAULT_STACK_FILE', 'DATABASE_URL', 'REDIS_URL', 'TEMPORAL_ADDRESS']) {
  if (!process.env[name]) throw new Error(`${name} is not set: run the fault suite with \`npm run test:faults\``);
}
