import type { GatewayContext } from '../context';

export type Handler = (ctx: GatewayContext) => Promise<void>;
