import { AUTH_MESSAGES } from "@mieter-portal/contracts";
import { toast } from "@/components/ui/use-toast";
import { APP_VERSION } from "@/config/env";
import { paths } from "@/config/paths";
import { useChangePassword } from "@/features/auth/api/change-password";
import { AboutCard } from "@/features/settings/components/about-card";
import { ChangePasswordForm, type PasswordChangeInput } from "@/features/settings/components/change-password-form";
import { NotificationSetting } from "@/features/settings/components/notification-setting";
import { SettingsLinks } from "@/features/settings/components/settings-links";
import { ThemeSetting } from "@/features/settings/components/theme-setting";
import { PushSetting } from "@/features/settings/push/push-setting";
import { settingsTexts } from "@/features/settings/texts";
import { useBrand } from "@/lib/brand";
import { isOffline } from "@/lib/network";

export function Component() {
  const brand = useBrand();
  const { changePassword } = useChangePassword({
    successTitle: settingsTexts.passwordChangedTitle,
    successDescription: AUTH_MESSAGES.passwordChanged,
    errorTitle: settingsTexts.passwordErrorTitle,
  });

  const onChangePassword = async (input: PasswordChangeInput) => {
    if (isOffline()) {
      toast({
        variant: "destructive",
        title: settingsTexts.passwordOfflineTitle,
        description: settingsTexts.passwordOfflineDescription,
      });
      return "not-sent" as const;
    }
    await changePassword(input);
    return "changed" as const;
  };

  return (
    <div className="grid grid-cols-1 gap-4">
      <h1 className="text-2xl font-bold">{paths.settings.title}</h1>
      <ThemeSetting />
      <NotificationSetting />
      <PushSetting />
      <ChangePasswordForm onChangePassword={onChangePassword} />
      <SettingsLinks />
      <AboutCard brand={brand} version={APP_VERSION} />
    </div>
  );
}
