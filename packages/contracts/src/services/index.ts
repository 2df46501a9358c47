export * from "./api.js";
export * from "./catalogue.js";
export * from "./proof.js";
export * from "./reports.js";
export * from "./schedule.js";
