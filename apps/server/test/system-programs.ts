import { spawnSync } from 'node:child_process';

/**
 * Whether a program outside Node is on this machine (npm test installs the missing ones as root:
 * scripts/find-system-tools.ts). In CI a missing one is a broken machine, so tests run and fail
 * loudly instead of being skipped.
 */
export function lacksProgram(binary: string): boolean {
  if (process.env.CI === 'true' || process.env.CI === '1') return false;
  return spawnSync('sh', ['-c', `command -v ${binary}`], { stdio: 'ignore' }).status !== 0;
}
