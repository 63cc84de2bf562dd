/**
 * What this machine charges for memory a process touches for the first time, in microseconds a
 * 4 KiB page: the kernel's page fault, and under a virtual machine the host's work too.
 * Lighthouse's benchmark index, a loop over memory already mapped, does not see it, but a page
 * load pays it at every fresh page of a new renderer, of V8's heaps and of the layout's trees.
 * Session 24's machine (a Firecracker VM) charged 11-15 µs a page, where bare metal charges well
 * under one, and a login load's renderer took about 10,000 of them: some 130 ms of its CPU.
 * Written beside the web figures so that a reader can tell part of the machine from the code.
 */
const PAGE_BYTES = 4096;
const PROBE_BYTES = 128 * 2 ** 20;
const ROUNDS = 3;

export function freshMemoryMicrosecondsPerPage(): number {
  const costs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = process.hrtime.bigint();
    // Large and left unfilled: the allocator maps it, and each page is only backed when written.
    const block = Buffer.allocUnsafeSlow(PROBE_BYTES);
    for (let offset = 0; offset < PROBE_BYTES; offset += PAGE_BYTES) block[offset] = 1;
    const microseconds = Number(process.hrtime.bigint() - started) / 1000;
    costs.push(microseconds / (PROBE_BYTES / PAGE_BYTES));
  }
  return costs.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!;
}
