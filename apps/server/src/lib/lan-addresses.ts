import { type NetworkInterfaceInfo, networkInterfaces } from "node:os";

/** The server listens on every interface (HOST=0.0.0.0 or ::). */
export const listensEverywhere = (host: string): boolean => host === "0.0.0.0" || host === "::";

/**
 * The URLs under which other devices in the local network (a phone on the same Wi-Fi) reach a
 * server listening on every interface: one per IPv4 address that is not the loopback. IPv6 is
 * left out: link-local addresses need a zone and phones type the short IPv4 form anyway.
 */
export function lanUrls(port: number, interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces()): string[] {
  const urls: string[] = [];
  for (const addresses of Object.values(interfaces)) {
    for (const address of addresses ?? []) {
      if (address.family === "IPv4" && !address.internal) urls.push(`http://${address.address}:${port}`);
    }
  }
  return [...new Set(urls)];
}

/** The banner's lines about the local network; none unless the server listens on every interface. */
export function lanLines(host: string, port: number, urls: string[] = lanUrls(port)): string[] {
  if (!listensEverywhere(host)) return [];
  if (urls.length === 0) return ["Im lokalen Netz: keine Netzwerkadresse gefunden (nur dieses Gerät)."];
  return [`Im lokalen Netz (z. B. vom Handy im selben WLAN): ${urls.join("  ")}`];
}
