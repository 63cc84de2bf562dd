import { useCallback, useEffect, useState } from 'react';

/** What the browser says about one capability. */
export type PermissionValue = 'granted' | 'denied' | 'prompt' | 'unsupported';
export type PermissionKind = 'notifications' | 'geolocation' | 'camera' | 'files';
export type PermissionStates = Record<PermissionKind, PermissionValue>;

const UNKNOWN: PermissionStates = {
  notifications: 'prompt',
  geolocation: 'prompt',
  camera: 'prompt',
  files: 'prompt',
};

function notificationValue(): PermissionValue {
  if (typeof window === 'undefined' || !('Notification' in window)) return 'unsupported';
  const value = Notification.permission;
  return value === 'default' ? 'prompt' : value;
}

async function queryPermission(name: string): Promise<PermissionStatus | null> {
  if (typeof navigator === 'undefined' || !navigator.permissions?.query) return null;
  try {
    // "camera" is not in every browser's list (Firefox): a TypeError means "ask when needed".
    return await navigator.permissions.query({ name: name as PermissionName });
  } catch {
    return null;
  }
}

async function cameraFallback(): Promise<PermissionValue> {
  if (!navigator.mediaDevices?.enumerateDevices) return 'unsupported';
  const devices = await navigator.mediaDevices.enumerateDevices().catch(() => []);
  const cameras = devices.filter((device) => device.kind === 'videoinput');
  // Labels are given only once the page was allowed to use a camera.
  return cameras.some((camera) => camera.label) ? 'granted' : 'prompt';
}

/** File inputs need no permission: the browser asks by opening its picker each time. */
function filesValue(): PermissionValue {
  if (typeof window === 'undefined' || !('File' in window) || !('FileReader' in window)) {
    return 'unsupported';
  }
  return 'granted';
}

/** Reads every state at once, with the PermissionStatus objects to listen to. */
async function readPermissionStates(): Promise<{
  states: PermissionStates;
  statuses: PermissionStatus[];
}> {
  const [geolocation, camera, notifications] = await Promise.all([
    queryPermission('geolocation'),
    queryPermission('camera'),
    queryPermission('notifications'),
  ]);
  const states: PermissionStates = {
    notifications: notificationValue(),
    geolocation:
      typeof navigator !== 'undefined' && !navigator.geolocation
        ? 'unsupported'
        : ((geolocation?.state as PermissionValue | undefined) ?? 'prompt'),
    camera: !navigator.mediaDevices?.getUserMedia
      ? 'unsupported'
      : ((camera?.state as PermissionValue | undefined) ?? (await cameraFallback())),
    files: filesValue(),
  };
  const statuses = [geolocation, camera, notifications].filter(
    (status): status is PermissionStatus => status !== null,
  );
  return { states, statuses };
}

/**
 * The browser's real permission states (Permissions API, Notification.permission, media devices),
 * kept current when the user changes them in the browser's settings.
 */
export function usePermissionStates() {
  const [states, setStates] = useState<PermissionStates>(UNKNOWN);
  const [loaded, setLoaded] = useState(false);

  const refresh = useCallback(async () => {
    const found = await readPermissionStates();
    setStates(found.states);
    setLoaded(true);
    return found;
  }, []);

  useEffect(() => {
    let statuses: PermissionStatus[] = [];
    let active = true;
    const onChange = () => {
      void readPermissionStates().then((found) => {
        if (active) setStates(found.states);
      });
    };
    void readPermissionStates().then((found) => {
      if (!active) return;
      setStates(found.states);
      setLoaded(true);
      statuses = found.statuses;
      for (const status of statuses) status.addEventListener('change', onChange);
    });
    window.addEventListener('focus', onChange);
    return () => {
      active = false;
      for (const status of statuses) status.removeEventListener('change', onChange);
      window.removeEventListener('focus', onChange);
    };
  }, []);

  return { states, loaded, refresh };
}

/** Asks the browser for one permission, through its own prompt. */
export async function requestPermission(kind: PermissionKind): Promise<void> {
  if (kind === 'notifications' && 'Notification' in window) {
    await Notification.requestPermission().catch(() => undefined);
  } else if (kind === 'geolocation' && navigator.geolocation) {
    await new Promise<void>((resolve) => {
      navigator.geolocation.getCurrentPosition(
        () => resolve(),
        () => resolve(),
        { timeout: 15_000 },
      );
    });
  } else if (kind === 'camera' && navigator.mediaDevices?.getUserMedia) {
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: true });
      for (const track of stream.getTracks()) track.stop();
    } catch {
      // Refused or no camera: the state read next says which.
    }
  }
}
