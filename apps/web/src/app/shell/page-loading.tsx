import { Skeleton } from '@/components/ui/skeleton';
import { LanternIcon } from '@/components/ui/logo';

/**
 * The first paint while a screen's code loads: the brand bar and placeholder blocks, no text
 * (the catalogue may not be ready either). role="status" tells assistive technology to wait.
 */
export function PageLoading() {
  return (
    <div role="status" aria-busy="true" className="pulse-group flex min-h-dvh flex-col bg-night-50">
      <div className="flex h-14 items-center gap-2 bg-night-900 px-4">
        <LanternIcon className="size-8 text-lantern-500" />
        <Skeleton className="h-5 w-28 bg-white/15" />
      </div>
      <div className="mx-auto flex w-full max-w-3xl flex-col items-center gap-4 px-6 py-16">
        <Skeleton className="size-20 rounded-full" />
        <Skeleton className="h-7 w-56" />
        <Skeleton className="h-4 w-72" />
      </div>
    </div>
  );
}
