/** The processes (other than this one) whose environment holds `marker`. Linux /proc only. */
export function processesWithEnv(marker: string): Promise<number[]>;
/** The live processes (other than this one) of process group `pgid`. Linux /proc only. */
export function processesInGroup(pgid: number): Promise<number[]>;
/** Kills every process whose environment holds `marker`; resolves, with how many, once they are gone. */
export function killStragglers(marker: string): Promise<number>;
/** Kills every process of group `pgid` but this one; resolves, with how many, once they are gone. */
export function killGroup(pgid: number): Promise<number>;
/** What /proc/<pid>/stat says of `pid` (state, parent, group, start time); undefined when it is gone. */
export function processStat(
  pid: number,
): { state: string; ppid: number; pgrp: number; startTime: string } | undefined;
