//! Generates the typed i18n module from locales/*.json (leptos_i18n).

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=Cargo.toml");
    let cfg = leptos_i18n_build::Config::new("en")
        .expect("i18n config")
        .add_locale("de")
        .expect("de locale")
        .parse_options(leptos_i18n_build::ParseOptions::new().interpolate_display(true));
    let infos = leptos_i18n_build::TranslationsInfos::parse(cfg).expect("parse locales/*.json");
    infos.emit_diagnostics();
    infos.rerun_if_locales_changed();
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR"));
    infos
        .generate_i18n_module(out.join("i18n"))
        .expect("generate i18n module");
}
