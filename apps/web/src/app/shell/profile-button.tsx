import { LogOut, Settings } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { BreakableEmail } from "@/components/text/breakable-email";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { paths } from "@/config/paths";
import { useAuth } from "@/features/auth/components/auth-provider";
import { initials } from "@/lib/format";
import { shellTexts } from "../texts";
import { useLogoutGuard } from "./logout-guard";
import { useCurrentUser } from "./use-current-user";

export function ProfileButton() {
  const user = useCurrentUser();
  const { signOutLocally } = useAuth();
  const [open, setOpen] = useState(false);
  const { requestLogout, dialog: logoutDialog } = useLogoutGuard(signOutLocally);
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  const t = shellTexts.profile;
  return (
    <>
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            aria-label={fullName ? t.button(fullName) : t.buttonFallback}
            className="rounded-full"
          >
            <span className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
              {initials(user.firstName, user.lastName)}
            </span>
          </Button>
        </SheetTrigger>
        <SheetContent side="right">
          <SheetHeader>
            <SheetTitle>{t.title}</SheetTitle>
            <SheetDescription>{t.description}</SheetDescription>
          </SheetHeader>
          <div className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="flex size-14 items-center justify-center rounded-full bg-primary text-xl font-bold text-primary-foreground"
            >
              {initials(user.firstName, user.lastName)}
            </span>
            <p className="text-lg font-semibold" data-testid="profile-name">
              {fullName || user.email}
            </p>
          </div>
          <dl className="grid grid-cols-1 gap-3 text-sm">
            <div>
              <dt className="text-muted-foreground">{t.name}</dt>
              <dd className="font-medium">{fullName || "–"}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t.email}</dt>
              <dd className="font-medium wrap-break-word" data-testid="profile-email">
                <BreakableEmail value={user.email} />
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t.address}</dt>
              <dd className="font-medium" data-testid="profile-address">
                {user.address?.trim() || t.noAddress}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t.apartment}</dt>
              <dd className="font-medium" data-testid="profile-apartment">
                {user.apartmentNumber?.trim() || t.noApartment}
              </dd>
            </div>
          </dl>
          <div className="mt-auto grid gap-2">
            <Button asChild variant="outline">
              <Link to={paths.settings.path} onClick={() => setOpen(false)}>
                <Settings aria-hidden="true" />
                {t.settings}
              </Link>
            </Button>
            <Button
              variant="destructive"
              onClick={() => {
                setOpen(false);
                requestLogout();
              }}
            >
              <LogOut aria-hidden="true" />
              {shellTexts.logout}
            </Button>
          </div>
        </SheetContent>
      </Sheet>
      {logoutDialog}
    </>
  );
}
