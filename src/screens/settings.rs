//! Settings and backup (issue 42): what the home screen held below the games,
//! on a screen of its own in the games' chunk, so the first load carries
//! neither its code nor its texts.

use crate::i18n::*;
use crate::platform::lang::BackBar;
use crate::store;
use leptos::prelude::*;

#[component]
pub fn Settings() -> impl IntoView {
    let i18n = use_i18n();
    let settings = RwSignal::new(store::load_settings());
    // After a backup was restored: the settings may have changed too (the
    // home screen reads everything anew when it is opened).
    let restored = Callback::new(move |_| settings.set(store::load_settings()));
    view! {
        <main class="screen settings-screen">
            <BackBar to="/" label=keys::home/>
            <h1>{t!(i18n, settings_title)}</h1>
            <section aria-labelledby="settings-title" class="settings">
                <h2 id="settings-title">{t!(i18n, settings)}</h2>
                <label class="check">
                    <input type="checkbox" data-testid="vibrate-setting" prop:checked=move || settings.get().vibrate
                        on:change=move |ev| {
                            let s = store::Settings { vibrate: event_target_checked(&ev), ..store::load_settings() };
                            store::save_settings(s);
                            settings.set(s);
                        }/>
                    {t!(i18n, vibrate_setting)}
                </label>
                <crate::play::dialogs::SoundSetting/>
                <crate::play::dialogs::CheersSetting/>
                <crate::play::dialogs::SpeedSetting speed=RwSignal::new(settings.get_untracked().speed)/>
            </section>
            <section aria-labelledby="backup-title" class="settings">
                <h2 id="backup-title">{t!(i18n, backup_title)}</h2>
                <p class="hint">{t!(i18n, backup_hint)}</p>
                <crate::screens::backup::BackupTools restored/>
                <crate::screens::replay::OpenGameFile/>
            </section>
        </main>
    }
}
