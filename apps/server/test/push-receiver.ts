import { execFileSync } from "node:child_process";
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { Agent, createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A local push service for the tests (issue 29): the receiving side of the Web Push protocol
 * (RFC 8030) as an HTTPS server with a self-signed certificate made for the run (openssl), which
 * only the test's sender trusts (`agent`: the app's `pushAgent` build option; production uses the
 * default agent). For every device it holds the subscription's own key pair and auth secret, checks
 * the VAPID token (RFC 8292) and decrypts each message (RFC 8291, aes128gcm) with node:crypto.
 */

export interface ReceivedPush {
  device: string;
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
  contentEncoding: string | undefined;
  vapid: { aud: string; sub: string; exp: number; key: string };
  payload: unknown;
}

export interface TestDevice {
  name: string;
  endpoint: string;
  ecdh: ECDH;
  auth: Buffer;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

export interface PushReceiver {
  agent: Agent;
  /** The receiver's self-signed certificate (PEM), e.g. for a child process's NODE_EXTRA_CA_CERTS. */
  certificate: Buffer;
  received: ReceivedPush[];
  /** Requests held open (see hold()): read and decrypted, never answered. */
  held: ReceivedPush[];
  /** A new device: its endpoint on this receiver and its subscription (PushSubscription.toJSON()). */
  device(name?: string): TestDevice;
  /** The next answers for a device's endpoint (e.g. [500] then the default 201; [410]). */
  answer(device: TestDevice, statuses: number[]): void;
  /**
   * The device's next `count` requests are read, checked and kept in `held`, and never answered
   * (the connection stays open until the sender goes away or close()): a sender that dies while
   * its request is in flight.
   */
  hold(device: TestDevice, count?: number): void;
  /**
   * What the device shows: a push service replaces a message still waiting with one of the same
   * Topic (RFC 8030 §5.4), and the service worker's tag (the event id) replaces a shown one, so
   * pushes of one device with one topic count once.
   */
  shownOn(device: TestDevice): ReceivedPush[];
  close(): Promise<void>;
}

/** RFC 8291 §3.4 and RFC 8188: the one record of an aes128gcm body, decrypted with the device's keys. */
export function decryptAes128gcm(body: Buffer, ecdh: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + keyIdLength);
  const cipherText = body.subarray(21 + keyIdLength);
  if (keyIdLength !== 65 || cipherText.length > recordSize) throw new Error("not one aes128gcm record");
  const shared = ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
  const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end);
}

/** Checks the VAPID Authorization header ("vapid t=<JWT>, k=<public key>") and returns its claims. */
function checkVapid(header: string | undefined): ReceivedPush["vapid"] {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, token, key] = match as unknown as [string, string, string];
  const [head, claims, signature] = token.split(".") as [string, string, string];
  const point = Buffer.from(key, "base64url");
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const valid = verify(
    "sha256",
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!valid) throw new Error("VAPID signature invalid");
  const parsed = JSON.parse(Buffer.from(claims, "base64url").toString()) as { aud: string; sub: string; exp: number };
  return { ...parsed, key };
}

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), "mp-push-cert-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "2",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-keyout",
        path.join(dir, "key.pem"),
        "-out",
        path.join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    return { key: readFileSync(path.join(dir, "key.pem")), cert: readFileSync(path.join(dir, "cert.pem")) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startPushReceiver(options: { keepPayloads?: boolean } = {}): Promise<PushReceiver> {
  const { key, cert } = selfSignedCertificate();
  const devices = new Map<string, TestDevice>();
  const scripted = new Map<string, number[]>();
  const toHold = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const held: ReceivedPush[] = [];
  const read = (name: string, device: TestDevice, request: IncomingMessage, body: Buffer): ReceivedPush => ({
    device: name,
    ttl: request.headers.ttl as string | undefined,
    urgency: request.headers.urgency as string | undefined,
    topic: request.headers.topic as string | undefined,
    contentEncoding: request.headers["content-encoding"],
    vapid: checkVapid(request.headers.authorization),
    payload:
      options.keepPayloads === false ? null : JSON.parse(decryptAes128gcm(body, device.ecdh, device.auth).toString()),
  });
  const server: Server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const name = decodeURIComponent((request.url ?? "").replace(/^\/push\//, ""));
      const device = devices.get(name);
      const holding = toHold.get(name) ?? 0;
      if (device && holding > 0) {
        toHold.set(name, holding - 1);
        try {
          held.push(read(name, device, request, Buffer.concat(chunks)));
        } catch (err) {
          response.writeHead(400).end(String(err));
        }
        return;
      }
      const status = scripted.get(name)?.shift() ?? (device ? 201 : 404);
      if (status === 201 && device) {
        try {
          received.push(read(name, device, request, Buffer.concat(chunks)));
        } catch (err) {
          response.writeHead(400).end(String(err));
          return;
        }
        response.writeHead(201, { location: `/message/${randomUUID()}` }).end();
        return;
      }
      response.writeHead(status).end(status >= 400 ? "scripted failure" : "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const agent = new Agent({ ca: cert, keepAlive: true, maxSockets: 64 });
  return {
    agent,
    certificate: cert,
    received,
    held,
    device(name = randomUUID()) {
      const known = devices.get(name);
      if (known) return known;
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `https://127.0.0.1:${port}/push/${encodeURIComponent(name)}`;
      const device: TestDevice = {
        name,
        endpoint,
        ecdh,
        auth,
        subscription: {
          endpoint,
          keys: { p256dh: ecdh.getPublicKey("base64url"), auth: auth.toString("base64url") },
        },
      };
      devices.set(name, device);
      return device;
    },
    answer(device, statuses) {
      scripted.set(device.name, [...statuses]);
    },
    hold(device, count = 1) {
      toHold.set(device.name, count);
    },
    shownOn(device) {
      const byTopic = new Map<string, ReceivedPush>();
      for (const push of received.filter((p) => p.device === device.name))
        byTopic.set(push.topic ?? randomUUID(), push);
      return [...byTopic.values()];
    },
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
