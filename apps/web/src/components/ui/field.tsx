// Moved to packages/ui (shared with the staff console); this path stays so imports here do not change.
export * from "@mieter-portal/ui/field";
