/** Every workflow the worker registers (the workflow bundle is built from this file). */
export { listIngestion } from './listIngestion';
