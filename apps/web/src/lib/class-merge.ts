import { twMerge } from "tailwind-merge";
import { setClassMerge } from "./utils";

// Imported for this effect by the screens that need class merging (see cn in ./utils).
setClassMerge(twMerge);
