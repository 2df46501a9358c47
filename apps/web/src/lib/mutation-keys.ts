/**
 * Keys of the server changes; those under `api` share the generic mutation (lib/mutations). Apart
 * from lib/mutations so the login's start-up JavaScript carries the keys without the sending code.
 */
export const mutationKeys = {
  /** Prefix of all server changes that share the generic function. */
  api: ["api"] as const,
  auth: {
    login: ["auth", "login"] as const,
    logout: ["api", "auth", "logout"] as const,
    changePassword: ["api", "auth", "password"] as const,
    requestPasswordReset: ["api", "auth", "password-reset"] as const,
    confirmPasswordReset: ["api", "auth", "password-reset", "confirm"] as const,
  },
  contact: {
    send: ["api", "contact", "send"] as const,
  },
  appointments: {
    updateStatus: ["api", "appointments", "status"] as const,
    request: ["api", "appointments", "request"] as const,
  },
  messages: {
    markRead: ["api", "messages", "read"] as const,
    create: ["api", "messages", "create"] as const,
    reply: ["api", "messages", "reply"] as const,
  },
  documents: {
    upload: ["api", "documents", "upload"] as const,
  },
  meterReadings: {
    create: ["api", "meter-readings", "create"] as const,
  },
  repairs: {
    create: ["api", "repairs", "create"] as const,
  },
  preferences: {
    update: ["api", "preferences", "update"] as const,
  },
} as const;
