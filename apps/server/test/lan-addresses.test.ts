import type { NetworkInterfaceInfo } from "node:os";
import { describe, expect, it } from "vitest";
import { lanLines, lanUrls, listensEverywhere } from "../src/lib/lan-addresses.js";

const iface = (address: string, family: "IPv4" | "IPv6", internal = false) =>
  ({ address, family, internal, netmask: "", mac: "", cidr: null, scopeid: 0 }) as NetworkInterfaceInfo;

describe("the start banner's LAN addresses (issue 12 §5)", () => {
  const interfaces = {
    lo: [iface("127.0.0.1", "IPv4", true), iface("::1", "IPv6", true)],
    wlan0: [iface("192.168.178.23", "IPv4"), iface("fe80::1", "IPv6")],
    eth0: [iface("10.0.0.5", "IPv4")],
  };

  it("lists every IPv4 address other devices can reach, not the loopback", () => {
    expect(lanUrls(3000, interfaces)).toEqual(["http://192.168.178.23:3000", "http://10.0.0.5:3000"]);
  });

  it("are printed only when the server listens on every interface", () => {
    const urls = lanUrls(3000, interfaces);
    expect(lanLines("0.0.0.0", 3000, urls)).toEqual([
      "Im lokalen Netz (z. B. vom Handy im selben WLAN): http://192.168.178.23:3000  http://10.0.0.5:3000",
    ]);
    expect(lanLines("::", 3000, urls)).toHaveLength(1);
    expect(lanLines("127.0.0.1", 3000, urls)).toEqual([]);
    expect(lanLines("0.0.0.0", 3000, [])).toEqual([
      "Im lokalen Netz: keine Netzwerkadresse gefunden (nur dieses Gerät).",
    ]);
    expect(listensEverywhere("192.168.178.23")).toBe(false);
  });
});
