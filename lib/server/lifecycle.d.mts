export declare function isDraining(): boolean;
export declare function onDrain(hook: () => Promise<void> | void): void;
export declare function beginDrain(): Promise<unknown>;
