// The signed-in app's first screen: the shell and the dashboard. The build makes every signed-in
// screen import this module (vite.config.ts: signedInFirstScreen), so everything these two need
// lands in one chunk instead of some 40 (decision 016).
import "./shell/app-shell";
import "./routes/dashboard";
