/**
 * The API paths of Web Push (issue 29) that only the settings (and the sign-out and start-up
 * renewal, loaded on demand) use: kept out of config/api-paths, whose table every screen loads.
 */
export const pushKey = "/api/v1/tenant/push/key";
export const pushSubscription = "/api/v1/tenant/push/subscription";
export const pushDevices = "/api/v1/tenant/push/devices";
export const pushDevice = (deviceId: string) => `${pushDevices}/${encodeURIComponent(deviceId)}`;
export const pushPreferences = "/api/v1/tenant/push/preferences";
