export const DEFAULT_POOL_NICE: number;
export function poolNice(env?: Record<string, string | undefined>): number;
export function kernelThreadId(): number | null;
export function lowerPoolThreadPriority(): boolean;
