import { teardownTestStack } from './stack';

export default async function globalTeardown(): Promise<void> {
  const stack = globalThis.__TEST_STACK__;
  if (stack) await teardownTestStack(stack);
}
