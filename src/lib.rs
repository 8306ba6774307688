//! Spielblock's browser app: renders a seat's view and sends actions; it
//! decides no rule (see docs/ARCHITECTURE.md).

#![allow(clippy::new_without_default)]

pub mod app;
pub mod backup;
pub mod device;
pub mod dice;
pub mod games;
pub mod history;
pub mod host;
pub mod i18n;
pub mod lang;
pub mod live;
pub mod newgame;
pub mod recovery;
pub mod replay;
pub mod review;
pub mod routes;
pub mod screens;
pub mod session;
pub mod setup;
pub mod sound;
pub mod storage;
pub mod sw;
pub mod table;

/// Entry point: panic recovery first, then the app.
pub fn start() {
    recovery::install_panic_screen();
    leptos::mount::mount_to_body(app::App);
}
