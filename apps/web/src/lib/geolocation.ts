import { SCAN_GEOLOCATION_TIMEOUT_MS } from '@app/domain';

export interface Position {
  latitude: number;
  longitude: number;
}

/**
 * The phone's position for the check (docs/product/discovery.md §9: 3 seconds at most). Refused, absent or too
 * slow: null, and the check goes without it.
 */
export function currentPosition(timeoutMs = SCAN_GEOLOCATION_TIMEOUT_MS): Promise<Position | null> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    let done = false;
    const finish = (value: Position | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(value);
    };
    // Some browsers never call back when the prompt is ignored: our own timer ends the wait.
    const timer = setTimeout(() => finish(null), timeoutMs);
    navigator.geolocation.getCurrentPosition(
      (position) =>
        finish({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      () => finish(null),
      { timeout: timeoutMs, maximumAge: 60_000, enableHighAccuracy: true },
    );
  });
}
