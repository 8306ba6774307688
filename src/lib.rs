//! Spielblock's browser app: renders a seat's view and sends actions; it
//! decides no rule (see docs/ARCHITECTURE.md).

#![allow(clippy::new_without_default)]

pub mod app;
pub mod contract;
pub mod games;
pub mod home;
pub mod i18n;
pub mod platform;
pub mod play;
pub mod routes;
pub mod screens;
pub mod store;
pub mod table;

/// GameEntry point: panic recovery first, then the app.
pub fn start() {
    play::recovery::install_panic_screen();
    leptos::mount::mount_to_body(app::App);
}
