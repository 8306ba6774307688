//! What the browser offers beyond the page: vibration, the wake lock and
//! downloads (`device`), sound (`sound`), and the service worker (`sw`).

pub mod device;
pub mod sound;
pub mod sw;
