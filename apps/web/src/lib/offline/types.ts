// The queue's entry and its fake success are the shared offline package's (decision 050).
export { isOfflineResult, type QueueEntry } from "@mieter-portal/offline/types";
