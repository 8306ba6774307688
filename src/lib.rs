//! Spielblock's browser app: renders rules state and sends actions; it decides
//! no rule (see docs/ARCHITECTURE.md).

#![allow(clippy::new_without_default)]

include!(concat!(env!("OUT_DIR"), "/i18n/mod.rs"));

pub mod app;
pub mod device;
pub mod dice;
pub mod games;
pub mod host;
pub mod recovery;
pub mod setup;
pub mod storage;

/// Entry point: panic recovery first, then the app.
pub fn start() {
    recovery::install_panic_screen();
    leptos::mount::mount_to_body(app::App);
}
