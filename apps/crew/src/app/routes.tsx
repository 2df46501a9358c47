import type { RouteObject } from "react-router";
import { VisitScreen, WorkScreen } from "@/screens/einsatz";
import { LoginScreen } from "@/screens/login";
import { UnplannedScreen } from "@/screens/unplanned";
import { VisitsScreen } from "@/screens/visits";
import { NotFound, Shell } from "./shell";

export const routes: RouteObject[] = [
  { path: "anmelden", Component: LoginScreen },
  {
    Component: Shell,
    children: [
      { index: true, element: <VisitsScreen range="today" /> },
      { path: "woche", element: <VisitsScreen range="week" /> },
      { path: "besuch/:visitId", Component: VisitScreen },
      { path: "ungeplant", Component: UnplannedScreen },
      { path: "arbeit/:recordId", Component: WorkScreen },
      { path: "*", Component: NotFound },
    ],
  },
];
