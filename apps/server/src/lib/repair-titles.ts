import type { RepairLocation, RepairType } from "@mieter-portal/contracts";

/** German labels of repair types and places (inbox titles, mails). */
export const REPAIR_TYPE_TITLES: Record<RepairType, string> = {
  plumbing: "Sanitär",
  electrical: "Elektrik",
  heating: "Heizung",
  "door-window": "Tür oder Fenster",
  appliance: "Haushaltsgerät",
  other: "Sonstiges",
};
export const REPAIR_LOCATION_TITLES: Record<RepairLocation, string> = {
  kitchen: "Küche",
  bathroom: "Badezimmer",
  "living-room": "Wohnzimmer",
  bedroom: "Schlafzimmer",
  hallway: "Flur",
  balcony: "Balkon",
  other: "Sonstiges",
};
export const repairTitle = (type: string, location: string) =>
  `${REPAIR_TYPE_TITLES[type as RepairType] ?? type} – ${REPAIR_LOCATION_TITLES[location as RepairLocation] ?? location}`;
