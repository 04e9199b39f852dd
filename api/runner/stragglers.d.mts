/** The processes (other than this one) whose environment holds `marker`. Linux /proc only. */
export function processesWithEnv(marker: string): Promise<number[]>;
/** Kills every process whose environment holds `marker`; resolves, with how many, once they are gone. */
export function killStragglers(marker: string): Promise<number>;
